import { AuditLogScreen } from '../../features/management/components/audit-log-screen.tsx';

/** /management/audit — the audit log of changes. */
export function Component() {
  return <AuditLogScreen />;
}
