import { useUser } from '../../features/auth/api/get-user.ts';
import { PipelinesScreen } from '../../features/pipelines/components/pipelines-screen.tsx';

/** /pipelines — managing the owner's pipelines (the route requires pipelines:manage). */
export function Component() {
  const { data: user } = useUser();
  if (!user) return null;
  return <PipelinesScreen countries={user.availableCountries} />;
}
