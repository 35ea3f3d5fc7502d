import { useUser } from '../../features/auth/api/get-user.ts';
import { AnalyticsScreen } from '../../features/metrics/components/analytics-screen.tsx';
import { usePipelines } from '../../features/pipelines/api/get-pipelines.ts';

/** /analytics — the owner's figures over time (the route requires metrics:read). */
export function Component() {
  const { data: user } = useUser();
  const { data: pipelines } = usePipelines();
  if (!user) return null;
  return (
    <AnalyticsScreen
      countries={user.availableCountries}
      pipelines={(pipelines?.items ?? []).map((p) => ({ id: p.id, name: p.name }))}
    />
  );
}
