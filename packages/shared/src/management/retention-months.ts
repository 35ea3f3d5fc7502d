import { z } from 'zod';

/** Retention: how many months a person is kept after their last activity, within these bounds. */
export const RETENTION_MONTHS_MIN = 1;
export const RETENTION_MONTHS_MAX = 120;

/** An owner's retention in months; null keeps persons until someone deletes them. */
const message = 'management.validation.retentionMonths';
export const zRetentionMonths = z
  .number({ message })
  .int({ message })
  .min(RETENTION_MONTHS_MIN, { message })
  .max(RETENTION_MONTHS_MAX, { message })
  .nullable();
