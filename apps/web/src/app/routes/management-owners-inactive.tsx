import { hasScope } from '@centinela/shared';
import { useUser } from '../../features/auth/api/get-user.ts';
import { OwnersScreen } from '../../features/management/components/owners-screen.tsx';

/** /management/owners/inactive — owners that were deactivated. */
export function Component() {
  const { data: user } = useUser();
  if (!user) return null;
  return <OwnersScreen active={false} canSupport={hasScope(user.scope, 'owners:support')} />;
}
