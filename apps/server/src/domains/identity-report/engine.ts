import { createIdentityEngine, type IdentityConfig, type IdentityEngine } from '../identity-check/index.ts';

/**
 * One identity engine per process, made on first use (its worker loads the face models once) and closed on
 * shutdown; the form's quick checks and the report job share it. A closed engine is made again if asked for.
 */
let engine: IdentityEngine | null = null;
let settings: EngineSettings = {};

type EngineSettings = Partial<Pick<IdentityConfig, 'taskTimeoutMs' | 'workerMaxOldGenerationMb'>> & {
  /** Where a worker that died between tasks is reported (the process's log). */
  onWorkerError?: (error: unknown) => void;
};

export function identityEngine(): IdentityEngine {
  const { onWorkerError, ...config } = settings;
  engine ??= createIdentityEngine({ maxThreads: 1, config, onWorkerError });
  return engine;
}

/** The process's settings (from its config) for the engine made next; the one running keeps its own. */
export function configureIdentityEngine(next: EngineSettings): void {
  settings = { ...next };
}

export async function closeIdentityEngine(): Promise<void> {
  const closing = engine;
  engine = null;
  await closing?.close();
}
