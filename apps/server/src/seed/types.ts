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
} from '../db/schema/index.ts';

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

export { DAY, HOUR, MINUTE, addMs } from '../lib/time.ts';
