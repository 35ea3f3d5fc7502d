import { hasScope, type TAuthUser } from '@centinela/shared';
import type { TFunction } from 'i18next';
import type { NavItem } from '../../components/layouts/nav-item.ts';
import { paths } from '../../config/paths.ts';
import { localizePath, stripLocale } from '../../lib/locale.ts';
import type { Locale } from '@centinela/shared';

type Context = { user: TAuthUser; locale: Locale; pathname: string; t: TFunction };

/** Management is only for users who may manage owners or users (SPEC §6). */
export function managementItems({ user, locale, pathname, t }: Context): NavItem[] {
  const page = stripLocale(pathname);
  const items: [string, string, boolean][] = [
    [paths.management.owners, t('management.owners.title'), hasScope(user.scope, 'owners:manage')],
    [paths.management.inactiveOwners, t('management.inactiveOwners.title'), hasScope(user.scope, 'owners:manage')],
    [paths.management.users, t('management.users.title'), hasScope(user.scope, 'users:manage')],
    [paths.management.audit, t('management.audit.title'), hasScope(user.scope, 'users:manage')],
    [paths.management.retention, t('management.retention.title'), hasScope(user.scope, 'retention:manage')],
  ];
  return items
    .filter(([, , allowed]) => allowed)
    .map(([path, label]) => ({ to: localizePath(path, locale), label, active: page === path }));
}

/** The navbar's main links: home, the persons of the user's default country, monitoring, and the pages the user's scopes open. */
export function mainItems(context: Context): NavItem[] {
  const { user, locale, pathname, t } = context;
  const page = stripLocale(pathname);
  const country = user.defaultCountry ?? user.availableCountries[0] ?? 'xx';
  const items: NavItem[] = [
    { to: localizePath(paths.home, locale), label: t('nav.home'), active: page === paths.home },
    { to: localizePath(paths.persons(country), locale), label: t('nav.persons'), active: page.startsWith('/persons') },
  ];
  if (hasScope(user.scope, 'profiles:read')) {
    items.push({ to: localizePath(paths.inbox, locale), label: t('nav.inbox'), active: page === paths.inbox });
    items.push({
      to: localizePath(paths.monitoring, locale),
      label: t('watchlists.nav.monitoring'),
      active: page === paths.monitoring,
    });
  }
  if (hasScope(user.scope, 'metrics:read')) {
    items.push({
      to: localizePath(paths.analytics, locale),
      label: t('metrics.analytics.title'),
      active: page === paths.analytics,
    });
  }
  if (hasScope(user.scope, 'forms:manage')) {
    items.push({ to: localizePath(paths.forms(), locale), label: t('forms.nav'), active: page === paths.forms() });
  }
  if (hasScope(user.scope, 'webhooks:manage')) {
    items.push({ to: localizePath(paths.webhooks, locale), label: t('webhooks.nav'), active: page === paths.webhooks });
  }
  if (hasScope(user.scope, 'watchlists:manage')) {
    items.push({
      to: localizePath(paths.sources, locale),
      label: t('watchlists.nav.sources'),
      active: page === paths.sources,
    });
  }
  const management = managementItems(context)[0];
  if (management) {
    items.push({ to: management.to, label: t('nav.management'), active: page.startsWith('/management') });
  }
  return items;
}
