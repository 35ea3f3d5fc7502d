/**
 * The pool's worker: one picture per task. Input errors come back as values (a thrown error loses its
 * class between threads); anything else thrown is the engine's own failure.
 */
import { IdentityInputError, type IdentityInputErrorCode } from './errors.ts';
import { type Inspection, type InspectTask, inspectPicture } from './inspect.ts';

export type WorkerAnswer =
  { ok: true; inspection: Inspection } | { ok: false; error: { code: IdentityInputErrorCode; detail?: string } };

export default async function inspect(task: InspectTask): Promise<WorkerAnswer> {
  try {
    return { ok: true, inspection: await inspectPicture(task) };
  } catch (error) {
    if (error instanceof IdentityInputError) return { ok: false, error: { code: error.code, detail: error.detail } };
    throw error;
  }
}
