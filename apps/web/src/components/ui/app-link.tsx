import type { FocusEvent, MouseEvent } from 'react';
import { Link, type LinkProps } from 'react-router';
import { prefetchPath } from '../../lib/prefetch.ts';

/**
 * A router link that loads the target page's code on intent (hover or focus), so the click that follows
 * usually finds it ready (SPEC §9: 2000 ms time-out, skipped on slow or metered connections).
 */
export function AppLink({ to, onMouseEnter, onFocus, ...props }: LinkProps) {
  const pathname = typeof to === 'string' ? to.split(/[?#]/)[0] : to.pathname;
  const intent = () => {
    if (pathname) void prefetchPath(pathname);
  };
  return (
    <Link
      to={to}
      onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => {
        onMouseEnter?.(event);
        intent();
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        onFocus?.(event);
        intent();
      }}
      {...props}
    />
  );
}
