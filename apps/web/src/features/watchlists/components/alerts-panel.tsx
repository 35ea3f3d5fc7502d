import { SegmentedControl, Stack, Group, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageError } from '../../../components/ui/page-error.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { localizePath } from '../../../lib/locale.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useAlerts, type AlertsQuery } from '../api/get-alerts.ts';
import { useAlertReview } from '../hooks/use-alert-review.ts';
import { AlertCard } from './alert-card.tsx';
import { RulingModal } from './ruling-modal.tsx';

type State = Exclude<AlertsQuery['state'], 'all'>;

/** The alerts to review, newest first (or those already reviewed), each with its review actions. */
export function AlertsPanel({ ownerId, canReview }: { ownerId?: string; canReview: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [state, setState] = useState<State>('open');
  const alerts = useAlerts({ state, ownerId });
  const review = useAlertReview();
  const items = alerts.data?.alerts ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="watchlist-alerts-title">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3" id="watchlist-alerts-title">
          {t('watchlists.alerts.title')}
        </Title>
        <SegmentedControl
          value={state}
          onChange={(v) => setState(v as State)}
          aria-label={t('watchlists.alerts.filter')}
          data={[
            { value: 'open', label: t('watchlists.alerts.open') },
            { value: 'reviewed', label: t('watchlists.alerts.reviewedTab') },
          ]}
        />
      </Group>
      {alerts.isPending && <PageLoader />}
      {alerts.isError && <PageError error={alerts.error} onRetry={() => void alerts.refetch()} />}
      {alerts.isSuccess && items.length === 0 && (
        <EmptyState
          title={state === 'open' ? t('watchlists.alerts.emptyTitle') : t('watchlists.alerts.emptyReviewedTitle')}
          description={state === 'open' ? t('watchlists.alerts.emptyBody') : t('watchlists.alerts.emptyReviewedBody')}
        />
      )}
      {items.map((alert) => (
        <AlertCard
          key={alert.id}
          alert={alert}
          personHref={localizePath(paths.person(alert.profileId), locale)}
          canReview={canReview}
          busy={review.busy?.id === alert.id ? review.busy.resolution : undefined}
          onRule={review.ask}
        />
      ))}
      <RulingModal
        target={review.target}
        pending={review.pending}
        error={review.error}
        onSubmit={review.submit}
        onClose={review.cancel}
      />
    </Stack>
  );
}
