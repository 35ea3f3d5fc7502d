import { Stack } from '@mantine/core';
import { useUser } from '../../features/auth/api/get-user.ts';
import { CurrentUserCard } from '../../features/auth/components/current-user-card.tsx';
import { PersonsPage } from './person.tsx';

/** Home: the persons of every country the user works in, then who the user is (kept from the shell). */
export function Component() {
  const { data: user } = useUser();
  return (
    <Stack gap="xl">
      <PersonsPage />
      {user && <CurrentUserCard user={user} />}
    </Stack>
  );
}
