import { createIdentityEngine, type IdentityEngine } from '../identity-check/index.ts';

/**
 * One identity engine per process, made on first use (its worker loads the face models once) and closed on
 * shutdown; the form's quick checks and the report job share it. A closed engine is made again if asked for.
 */
let engine: IdentityEngine | null = null;

export function identityEngine(): IdentityEngine {
  engine ??= createIdentityEngine({ maxThreads: 1 });
  return engine;
}

export async function closeIdentityEngine(): Promise<void> {
  const closing = engine;
  engine = null;
  await closing?.close();
}
