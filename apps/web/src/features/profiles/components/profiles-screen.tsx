import type { Country, TPipeline, TProfileSummary } from '@centinela/shared';
import { Group, Stack, Title } from '@mantine/core';
import { lazy, memo, Suspense, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { withCatalogue } from '../../../lib/i18n.ts';
import { useRealtimeQueries } from '../../../lib/realtime-queries.ts';
import type { ProfilePermissions } from '../utils/permissions.ts';
import { AddProfile } from './add-profile.tsx';
import { ProfileList } from './profile-list.tsx';

// A person's flyout (details, reports, review forms) is its own chunk, loaded when one opens.
const ProfileFlyout = lazy(
  withCatalogue(() => import('./profile-flyout.tsx').then((m) => ({ default: m.ProfileFlyout })), 'more'),
);

type ProfilesScreenProps = {
  title: string;
  /** The page's country, when the page is one country's. */
  country?: Country;
  countries: Country[];
  pipelines: TPipeline[];
  can: ProfilePermissions;
  /** A free-plan owner's credits (null: not limited); "Add profile" shows what it costs before confirming. */
  creditBalance?: number | null;
  /** The owner requires a consent attestation for each person added. */
  consentRequired?: boolean;
  /** The list's own address (the flyout closes back to it) and a row's flyout address. */
  listPath: string;
  pathOf: (profile: TProfileSummary) => string;
  /** The person whose flyout is open (deep link), if any. */
  openId?: string;
  /** Extra header actions the route adds (e.g. a link to pipelines). */
  actions?: ReactNode;
  /** What the route adds under a person in the flyout (e.g. their uploaded documents). */
  flyoutExtra?: (profileId: string) => ReactNode;
  /** Bulk actions the route adds for the persons picked one by one (e.g. monitoring them on the watch lists). */
  selectionActions?: (ids: readonly string[]) => ReactNode;
  /** Persons with an open watch-list alert: their rows say so. */
  alerted?: ReadonlySet<string>;
};

/**
 * Persons of the user's countries or one country: the list, "add profile", and a person's flyout. Renders
 * again only when its own props change, not each time one of the page's queries answers.
 */
export const ProfilesScreen = memo(function ProfilesScreen({
  title,
  country,
  countries,
  pipelines,
  can,
  creditBalance = null,
  consentRequired = false,
  listPath,
  pathOf,
  openId,
  actions,
  flyoutExtra,
  selectionActions,
  alerted,
}: ProfilesScreenProps) {
  const navigate = useNavigate();
  const { search } = useLocation();
  // Report and profile changes refetch the list, counts and flyout (payloads carry ids only).
  useRealtimeQueries();
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{title}</Title>
        <Group gap="xs">
          {actions}
          {can.write && (
            <AddProfile
              countries={country ? [country] : countries}
              pipelines={pipelines}
              lockedReportTypes={can.lockedReportTypes}
              creditBalance={creditBalance}
              consentRequired={consentRequired}
            />
          )}
        </Group>
      </Group>
      <ProfileList
        country={country}
        countries={countries}
        pipelines={pipelines}
        pathOf={pathOf}
        can={can}
        selectionActions={selectionActions}
        alerted={alerted}
      />
      {openId && (
        <Suspense fallback={null}>
          <ProfileFlyout
            id={openId}
            can={can}
            pipelines={pipelines}
            extra={flyoutExtra?.(openId)}
            onClose={() => void navigate(`${listPath}${search}`)}
          />
        </Suspense>
      )}
    </Stack>
  );
});
