import { hasScope, isReportLocked, REPORT_TYPES, type OwnerPlan, type ReportType } from '@centinela/shared';

/** What the signed-in user may do here; the route reads the user (auth is another feature) and passes this. */
export type ProfilePermissions = {
  write: boolean;
  delete: boolean;
  export: boolean;
  run: boolean;
  review: boolean;
  /** Who saw a person's data: the owner's managers and platform staff, as the audit log. */
  views: boolean;
  /** Put a person on legal hold, or release them (retention:manage). */
  hold?: boolean;
  /** Report types the owner's plan does not include (shown locked, with an upgrade hint). */
  lockedReportTypes: readonly ReportType[];
};

export function profilePermissions(
  scope: readonly string[] | Record<string, unknown> | undefined,
  plan?: OwnerPlan | null,
): ProfilePermissions {
  return {
    lockedReportTypes: plan ? REPORT_TYPES.filter((t) => isReportLocked(plan, t)) : [],
    write: hasScope(scope, 'profiles:write'),
    delete: hasScope(scope, 'profiles:delete'),
    export: hasScope(scope, 'profiles:export'),
    run: hasScope(scope, 'reports:run'),
    review: hasScope(scope, 'reports:review'),
    views: hasScope(scope, 'users:manage'),
    hold: hasScope(scope, 'retention:manage'),
  };
}
