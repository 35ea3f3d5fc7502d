import type { CsvFileProblem } from '@centinela/shared';
import { ApiError, type ApiIssue } from '../../lib/api-error.ts';

/** SPEC §8 "CSV file could not be processed", with the reason and the line (1-based; 0 when it is the whole file). */
export class CsvFileError extends ApiError {
  readonly problem: CsvFileProblem;
  readonly line: number;

  declare readonly issues: ApiIssue[];

  constructor(problem: CsvFileProblem, line: number) {
    super(422, 'csv_unprocessable', {}, [
      { path: `line.${line}`, code: problem, key: `csvImport.problems.${problem}` },
    ]);
    this.problem = problem;
    this.line = line;
  }
}

/** SPEC §8 "You can process up to {limit} rows per CSV file". */
export const rowLimitError = (limit: number) => new ApiError(422, 'csv_row_limit', { limit: String(limit) });
