import { PersonsPage } from './person.tsx';

/**
 * Home: the persons of every country the user works in. Who the user is (company, roles) sits in the
 * navbar's account menu, not in a "Welcome" card below the whole list.
 */
export function Component() {
  return <PersonsPage />;
}
