import { createIdentityEngine, type IdentityConfig, type IdentityEngine } from '../identity-check/index.ts';

/**
 * One identity engine per process, made on first use (its worker loads the face models once) and closed on
 * shutdown; the form's quick checks and the report job share it. A closed engine is made again if asked for.
 */
let engine: IdentityEngine | null = null;
let settings: Partial<IdentityConfig> = {};

export function identityEngine(): IdentityEngine {
  engine ??= createIdentityEngine({ maxThreads: 1, config: settings });
  return engine;
}

/** The process's settings (from its config) for the engine made next; the one running keeps its own. */
export function configureIdentityEngine(next: Pick<IdentityConfig, 'taskTimeoutMs'>): void {
  settings = { ...next };
}

export async function closeIdentityEngine(): Promise<void> {
  const closing = engine;
  engine = null;
  await closing?.close();
}
