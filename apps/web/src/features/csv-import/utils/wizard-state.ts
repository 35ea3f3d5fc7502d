import type { CsvMapping, ReportType, TCsvUploadResponse } from '@centinela/shared';

/** The reports every row gets: a pipeline, or report types chosen one by one (SPEC §4 step 2). */
export type ReportChoice =
  { mode: 'pipeline'; pipelineId: string | null } | { mode: 'advanced'; reportTypes: ReportType[] };

export type Uploaded = TCsvUploadResponse & { file: { name: string; size: number } };

/**
 * The wizard (STYLE habit 8): one state per step, each holding exactly what that step and the ones
 * after it need, so a step cannot render without its inputs. SPEC §4: upload → reports → match → review,
 * then the job's progress and result.
 */
export type WizardState =
  | { step: 'upload'; uploaded: Uploaded | null }
  | { step: 'reports'; uploaded: Uploaded; choice: ReportChoice; mapping: CsvMapping }
  | { step: 'match'; uploaded: Uploaded; choice: ReportChoice; mapping: CsvMapping }
  | { step: 'review'; uploaded: Uploaded; choice: ReportChoice; mapping: CsvMapping }
  | { step: 'progress'; jobId: string };

export const WIZARD_STEPS = ['upload', 'reports', 'match', 'review'] as const;
export const stepIndex = (state: WizardState) =>
  state.step === 'progress' ? WIZARD_STEPS.length : WIZARD_STEPS.indexOf(state.step);

export const initialState: WizardState = { step: 'upload', uploaded: null };

/** The report types a choice runs (a pipeline's come from the pipeline list). */
export function typesOf(
  choice: ReportChoice,
  pipelines: readonly { id: string; reportTypes: ReportType[] }[],
): ReportType[] {
  if (choice.mode === 'advanced') return choice.reportTypes;
  return pipelines.find((p) => p.id === choice.pipelineId)?.reportTypes ?? [];
}

export const choiceComplete = (choice: ReportChoice) =>
  choice.mode === 'pipeline' ? choice.pipelineId !== null : choice.reportTypes.length > 0;
