import { hasScope, PLATFORM_ROLES } from '@centinela/shared';
import { useUser } from '../../features/auth/api/get-user.ts';
import { UsersScreen } from '../../features/management/components/users-screen.tsx';

/** /management/users — the dashboard users (platform staff: every owner's; a manager: their own). */
export function Component() {
  const { data: user } = useUser();
  if (!user) return null;
  return (
    <UsersScreen
      roles={user.roles}
      platform={user.roles.some((r) => PLATFORM_ROLES.includes(r))}
      canListOwners={hasScope(user.scope, 'owners:manage')}
    />
  );
}
