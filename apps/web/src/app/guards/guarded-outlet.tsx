import { Outlet, useMatches } from 'react-router';
import { guardsFor } from './guards.ts';

/** The matched page inside the guards its routes ask for (see guards.ts). */
export function GuardedOutlet() {
  const guards = guardsFor(useMatches());
  return guards.reduceRight((page, Guard) => <Guard>{page}</Guard>, <Outlet />);
}
