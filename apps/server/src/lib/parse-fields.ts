import type { z } from 'zod';
import { ApiError } from './api-error.ts';

/** A multipart request's text fields against their contract: 400 `validation_failed` with the issues. */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.infer<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw new ApiError(
    400,
    'validation_failed',
    {},
    parsed.error.issues.map((i) => ({ path: `body.${i.path.join('.')}`, code: i.code, message: i.message })),
  );
}
