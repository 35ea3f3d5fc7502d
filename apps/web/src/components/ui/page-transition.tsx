import './page-transition.css';
import { Outlet, useLocation, useNavigation } from 'react-router';

/**
 * The page of a layout, under the 'page' transition (see page-transition.css). Keyed by path, so a new
 * page always enters afresh, as a new /persons/<country> would otherwise keep the old page's state.
 */
export function PageOutlet() {
  const { pathname } = useLocation();
  const leaving = useNavigation().state === 'loading';
  return (
    <div key={pathname} data-transition="page" className={leaving ? 'page-leave-active' : 'page-enter-active'}>
      <Outlet />
    </div>
  );
}
