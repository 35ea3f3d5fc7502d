import { Authenticated } from '../../features/auth/components/authenticated.tsx';
import { CurrentUserCard } from '../../features/auth/components/current-user-card.tsx';
import { useUser } from '../../features/auth/api/get-user.ts';

function Home() {
  const { data: user } = useUser();
  return user ? <CurrentUserCard user={user} /> : null;
}

export function HomeRoute() {
  return (
    <Authenticated>
      <Home />
    </Authenticated>
  );
}
