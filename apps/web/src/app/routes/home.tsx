import { Stack } from '@mantine/core';
import { WorkspaceSummary } from '../../components/ui/workspace-summary.tsx';
import { useUser } from '../../features/auth/api/get-user.ts';
import { CurrentUserCard } from '../../features/auth/components/current-user-card.tsx';
import { useLocale } from '../../lib/use-locale.ts';

/** Home: who you are and where you work. The guards have loaded the user. */
export function Component() {
  const { data: user } = useUser();
  const locale = useLocale();
  if (!user) return null;
  return (
    <Stack maw={560}>
      <CurrentUserCard user={user} />
      <WorkspaceSummary countries={user.availableCountries} locale={locale} />
    </Stack>
  );
}
