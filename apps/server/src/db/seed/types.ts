import type {
  auditEvents,
  creditLedger,
  formLinks,
  owners,
  pipelines,
  profiles,
  referenceChecks,
  references,
  reports,
  users,
} from '../schema/index.ts';

export type OwnerRow = typeof owners.$inferInsert & { id: string };
export type UserRow = typeof users.$inferInsert & { id: string };
export type PipelineRow = typeof pipelines.$inferInsert & { id: string };
export type FormLinkRow = typeof formLinks.$inferInsert & { id: string };
export type ProfileRow = typeof profiles.$inferInsert & { id: string; createdAt: Date; updatedAt: Date };
export type ReportRow = typeof reports.$inferInsert & { id: string; createdAt: Date; updatedAt: Date };
export type ReferenceCheckRow = typeof referenceChecks.$inferInsert & { id: string };
export type ReferenceRow = typeof references.$inferInsert;
export type LedgerRow = typeof creditLedger.$inferInsert;
export type AuditRow = typeof auditEvents.$inferInsert;

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
export const MINUTE = 60_000;
export const addMs = (d: Date, ms: number) => new Date(d.getTime() + ms);
