import { hasScope } from '@centinela/shared';

/** What the signed-in user may do here; the route reads the user (auth is another feature) and passes this. */
export type ProfilePermissions = { write: boolean; delete: boolean; export: boolean; run: boolean; review: boolean };

export function profilePermissions(scope: readonly string[] | Record<string, unknown> | undefined): ProfilePermissions {
  return {
    write: hasScope(scope, 'profiles:write'),
    delete: hasScope(scope, 'profiles:delete'),
    export: hasScope(scope, 'profiles:export'),
    run: hasScope(scope, 'reports:run'),
    review: hasScope(scope, 'reports:review'),
  };
}
