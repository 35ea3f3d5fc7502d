import { hasScope } from '@centinela/shared';
import { useUser } from '../../features/auth/api/get-user.ts';
import { OwnersScreen } from '../../features/management/components/owners-screen.tsx';

/** /management/owners — the active owner (client) accounts. */
export function Component() {
  const { data: user } = useUser();
  if (!user) return null;
  return <OwnersScreen active canSupport={hasScope(user.scope, 'owners:support')} />;
}
