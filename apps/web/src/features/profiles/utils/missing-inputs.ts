import { reportDefinition, type Country, type ReportInput, type ReportType } from '@centinela/shared';

export type InputValues = Partial<Record<ReportInput, string | null | undefined>>;
export type MissingInputs = { type: ReportType; missing: ReportInput[] };

const present = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/**
 * The reports that would lack inputs with these values (the catalogue's rule, as the server applies it):
 * each is created INCOMPLETE and waits until the person's fields are completed.
 */
export function missingInputs(
  country: Country | '',
  types: readonly ReportType[],
  values: InputValues,
  /** Inputs the form requires anyway (its own errors speak for them). */
  ignore: readonly ReportInput[] = [],
): MissingInputs[] {
  if (!country) return [];
  return types.flatMap((type) => {
    const missing = (reportDefinition(country, type)?.inputs ?? []).filter(
      (input) => !ignore.includes(input) && !present(values[input]),
    );
    return missing.length ? [{ type, missing }] : [];
  });
}
