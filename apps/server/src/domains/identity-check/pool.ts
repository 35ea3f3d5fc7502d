/**
 * The heavy work off the event loop: a piscina pool of at most one worker per core, each with a memory
 * ceiling for its JavaScript heap and a time limit per task. A worker that dies (out of memory, a crash in
 * native code) or overruns is replaced by piscina; the caller gets an IdentityEngineError, the process lives.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { IdentityConfig } from './config.ts';
import { IdentityEngineError, IdentityInputError } from './errors.ts';
import type { Inspection, InspectTask } from './inspect.ts';
import type { WorkerAnswer } from './worker.ts';

export type PoolOptions = {
  /** Workers; never more than the cores. Default: one (the jobs runner's other work needs the rest). */
  maxThreads?: number;
  /** The worker module (tests hand a failing one). */
  workerFile?: URL;
  config: Pick<IdentityConfig, 'taskTimeoutMs' | 'workerMaxOldGenerationMb'>;
  /** Told of a worker that died between tasks (while starting, or idle), for the operator's log. */
  onWorkerError?: (error: unknown) => void;
};

export type InspectionPool = {
  inspect(task: InspectTask): Promise<Inspection>;
  close(): Promise<void>;
  readonly threads: number;
};

export function createInspectionPool(options: PoolOptions): InspectionPool {
  const threads = Math.max(1, Math.min(options.maxThreads ?? 1, availableParallelism()));
  const pool = new Piscina<InspectTask, WorkerAnswer>({
    filename: (options.workerFile ?? new URL('./worker.ts', import.meta.url)).href,
    minThreads: 0,
    maxThreads: threads,
    // Models stay loaded between tasks; an idle worker goes after a minute and gives its memory back.
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: options.config.workerMaxOldGenerationMb },
  });
  // A worker that dies outside a task is an 'error' on the pool itself, which unheard would end the
  // process; the task waiting for it goes to a new worker or ends at its time limit.
  pool.on('error', (error: unknown) => options.onWorkerError?.(error));
  let closed = false;
  return {
    threads,
    async inspect(task) {
      if (closed) throw new IdentityEngineError('engine_closed');
      const signal = AbortSignal.timeout(options.config.taskTimeoutMs);
      let answer: WorkerAnswer;
      try {
        answer = await pool.run(task, { signal });
      } catch (error) {
        if (signal.aborted) throw new IdentityEngineError('worker_timeout', `${options.config.taskTimeoutMs} ms`);
        throw new IdentityEngineError('worker_crashed', error instanceof Error ? error.message : String(error));
      }
      if (!answer.ok) throw new IdentityInputError(answer.error.code, answer.error.detail);
      return answer.inspection;
    },
    async close() {
      closed = true;
      await pool.destroy();
    },
  };
}
