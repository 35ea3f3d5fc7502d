import { hasScope, type Country, type TPipeline, type TProfileSummary } from '@centinela/shared';
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useUser } from '../../features/auth/api/get-user.ts';
import { useCredits } from '../../features/credits/api/get-credits.ts';
import { getNavbarMetricsQueryOptions } from '../../features/metrics/api/get-navbar-metrics.ts';
import { usePipelines } from '../../features/pipelines/api/get-pipelines.ts';
import { MonitorButton } from '../../features/watchlists/components/monitor-button.tsx';
import { ProfilesScreen } from '../../features/profiles/components/profiles-screen.tsx';
import { profilePermissions } from '../../features/profiles/utils/permissions.ts';
import { useAlertedPersons } from '../../features/watchlists/hooks/use-alerted-persons.ts';
import { isCountry } from '../../lib/country.ts';
import { countryName } from '../../lib/format.ts';
import { localizePath } from '../../lib/locale.ts';
import { AppError } from '../../lib/normalize-error.ts';
import { useLocale } from '../../lib/use-locale.ts';

// Shown inside the flyout only, so it loads with it.
const ProfileAttachments = lazy(() =>
  import('../../features/uploads/components/profile-attachments.tsx').then((m) => ({ default: m.ProfileAttachments })),
);

/** One empty list while the pipelines load, so the list's memoised filters do not re-render for a new `[]`. */
const NO_PIPELINES: TPipeline[] = [];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isProfileId = (value: string | undefined): value is string => UUID.test(value ?? '');

/** The page's validity check: the country, when given, must be one we serve, and the id a profile id (SPEC §2). */
export function loader({ params }: LoaderFunctionArgs) {
  if (params.country !== undefined && !isCountry(params.country)) throw new AppError(404);
  if (!isProfileId(params.id)) throw new AppError(404);
  return null;
}

/**
 * The persons list of home (`country` absent: every country the user has) or of one country, with a
 * person's flyout over it when `openId` is set. Home, /persons/:country and /persons/:country?/:id share it.
 */
export function PersonsPage({ country, openId }: { country?: Country; openId?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { data: user } = useUser();
  const pipelines = usePipelines();
  // Rows of persons with an open watch-list alert carry a badge (the navbar count's answer, no request of its own).
  const alerted = useAlertedPersons();
  // A free-plan owner's balance: "Add profile" says what the chosen reports cost before confirming.
  const credits = useCredits({ enabled: user?.owner?.plan === 'free' });
  // Whether the owner requires a consent attestation for each person added: the navbar's query.
  const navbar = useQuery(getNavbarMetricsQueryOptions());
  // What the screen gets is kept the same from render to render: this page re-renders as each of the
  // queries above answers, and with new props the whole screen (rows included) re-rendered too, in one
  // blocking render each (a query's answer is not a transition). What the screen gets from an
  // answer follows in a deferred render, which React renders in slices: the pipelines' answer re-rendered
  // the filters and "Add profile" in one long task.
  const pipelineItems = useDeferredValue(pipelines.data?.items ?? NO_PIPELINES);
  const alertedPersons = useDeferredValue(alerted);
  const creditBalance = useDeferredValue(credits.data?.limited ? credits.data.creditsAvailable : null);
  const consentRequired = useDeferredValue(navbar.data?.consentAttestationRequired ?? false);
  const scope = user?.scope;
  const plan = user?.owner?.plan;
  const can = useMemo(() => profilePermissions(scope, plan), [scope, plan]);
  // From home the flyout address has no country, so closing it returns to the all-countries list.
  const pathOf = useCallback(
    (p: TProfileSummary) => localizePath(paths.person(p.id, country), locale),
    [country, locale],
  );
  const canUpload = hasScope(scope, 'profiles:write');
  const flyoutExtra = useCallback(
    (profileId: string) => (
      <Suspense fallback={null}>
        <ProfileAttachments profileId={profileId} canUpload={canUpload} />
      </Suspense>
    ),
    [canUpload],
  );
  const selectionActions = useMemo(
    () => (canUpload ? (ids: readonly string[]) => <MonitorButton profileIds={ids} /> : undefined),
    [canUpload],
  );
  const managePipelines = hasScope(scope, 'pipelines:manage');
  const pipelinesLabel = t('pipelines.title');
  const csvLabel = t('csvImport.open');
  const actions = useMemo(
    () => (
      <>
        {managePipelines && (
          <Button component={Link} to={localizePath('/pipelines', locale)} variant="default">
            {pipelinesLabel}
          </Button>
        )}
        {/* Beside "Add profile": a batch of persons from a spreadsheet, for one country at a time. */}
        {country && country !== 'xx' && canUpload && (
          <Button component={Link} to={localizePath(paths.personsUpload(country), locale)} variant="default">
            {csvLabel}
          </Button>
        )}
      </>
    ),
    [managePipelines, canUpload, country, locale, pipelinesLabel, csvLabel],
  );
  if (!user) return null;
  const name = country ? countryName(country, locale) : null;
  const title = !country
    ? t('profiles.list.title')
    : name
      ? t('persons.title', { country: name })
      : t('persons.titleNoCountry');
  return (
    <ProfilesScreen
      title={title}
      country={country}
      countries={user.availableCountries}
      pipelines={pipelineItems}
      can={can}
      creditBalance={creditBalance}
      consentRequired={consentRequired}
      listPath={localizePath(country ? paths.persons(country) : paths.home, locale)}
      pathOf={pathOf}
      openId={openId}
      flyoutExtra={flyoutExtra}
      actions={actions}
      selectionActions={selectionActions}
      alerted={alertedPersons}
    />
  );
}

/** /persons/:country?/:id — one person's flyout over the list it belongs to. */
export function Component() {
  const { country, id } = useParams();
  return <PersonsPage country={country as Country | undefined} openId={id} />;
}
