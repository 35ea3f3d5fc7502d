import './page-transition.css';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';

/** Whether a page has been shown in this document: the first one appears at once, without the fade. */
let pageShown = false;

/**
 * The page of a layout, under the 'page' transition (see page-transition.css). Keyed by path, so a new
 * page always enters afresh, as a new /persons/<country> would otherwise keep the old page's state.
 */
export function PageOutlet() {
  const { pathname } = useLocation();
  const leaving = useNavigation().state === 'loading';
  return <PageFrame key={pathname} leaving={leaving} />;
}

/**
 * One page's frame. The transition is between pages: the page a load opens on is painted as it is (a
 * fade from transparent would hold back its first contentful paint by the length of the fade).
 */
function PageFrame({ leaving }: { leaving: boolean }) {
  const [enter] = useState(() => pageShown);
  useEffect(() => {
    pageShown = true;
  }, []);
  const className = leaving ? 'page-leave-active' : enter ? 'page-enter-active' : undefined;
  return (
    <div data-transition="page" className={className}>
      <Outlet />
    </div>
  );
}
