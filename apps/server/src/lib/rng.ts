/**
 * A small seeded PRNG (mulberry32) so the demo data is the same on every machine and every run:
 * screenshots, e2e tests and bug reports can refer to the same people.
 */
export type Rng = {
  /** Uniform in [0, 1). */
  next(): number;
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  weighted<T extends string>(weights: Readonly<Record<T, number>>): T;
  digits(count: number): string;
  uuid(): string;
};

/** FNV-1a, to turn a readable seed name into a 32-bit state. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export function createRng(seed: string): Rng {
  let state = hash(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(next() * items.length)] as T;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick,
    weighted: (weights) => {
      const entries = Object.entries(weights) as [keyof typeof weights, number][];
      let roll = next() * entries.reduce((sum, [, w]) => sum + w, 0);
      for (const [key, w] of entries) if ((roll -= w) < 0) return key;
      return entries[entries.length - 1]![0];
    },
    digits: (count) => Array.from({ length: count }, () => String(int(0, 9))).join(''),
    // Version-4 layout from the seeded stream, so ids are stable across runs too.
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => int(0, 15).toString(16));
      hex[12] = '4';
      hex[16] = ((int(0, 15) & 0x3) | 0x8).toString(16);
      const h = hex.join('');
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    },
  };
}
