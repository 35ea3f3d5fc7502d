import { Anchor } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { LanguageLinks, type LanguageAnchorProps } from './language-links.tsx';

// The same link through the router: no page load.
const RouterAnchor = ({ href, ...props }: LanguageAnchorProps) => <Anchor component={Link} to={href} {...props} />;

/** Links to the same page in each language, inside the app (components/ui/language-links.tsx). */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  return <LanguageLinks where={useLocation()} anchor={RouterAnchor} compact={compact} />;
}
