import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageError } from '../../../components/ui/page-error.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { useMonitoring } from '../api/get-monitoring.ts';
import { useAlertsLive } from '../hooks/use-alerts-live.ts';
import { AlertsPanel } from './alerts-panel.tsx';
import { EnrolmentsPanel } from './enrolments-panel.tsx';
import { MonitoringSummary } from './monitoring-summary.tsx';
import { SettingsPanel } from './settings-panel.tsx';

export type MonitoringPermissions = { review: boolean; write: boolean; manage: boolean };

type MonitoringScreenProps = {
  can: MonitoringPermissions;
  /** Platform staff act for one client at a time: the route gives the chosen one and its picker. */
  ownerId?: string;
  ownerPicker?: ReactNode;
  /** Staff who have not chosen a client yet see the picker only. */
  needsOwner?: boolean;
};

/** Continuous monitoring of an owner's persons — summary, alerts to review, persons enrolled, settings. */
export function MonitoringScreen({ can, ownerId, ownerPicker, needsOwner = false }: MonitoringScreenProps) {
  const { t } = useTranslation();
  useAlertsLive();
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1}>{t('watchlists.monitoring.title')}</Title>
        <Text c="dimmed">{t('watchlists.monitoring.subtitle')}</Text>
      </Stack>
      {ownerPicker}
      {needsOwner ? (
        <EmptyState
          title={t('watchlists.monitoring.chooseOwnerTitle')}
          description={t('watchlists.monitoring.chooseOwnerBody')}
        />
      ) : (
        <OwnerMonitoring can={can} ownerId={ownerId} />
      )}
    </Stack>
  );
}

function OwnerMonitoring({ can, ownerId }: { can: MonitoringPermissions; ownerId?: string }) {
  const summary = useMonitoring(ownerId);
  return (
    <Stack gap="lg">
      {summary.isPending && <PageLoader />}
      {summary.isError && <PageError error={summary.error} onRetry={() => void summary.refetch()} />}
      {summary.data && <MonitoringSummary summary={summary.data} />}
      <AlertsPanel ownerId={ownerId} canReview={can.review} />
      <EnrolmentsPanel ownerId={ownerId} canWrite={can.write} />
      {can.manage && summary.data && (
        <SettingsPanel key={ownerId ?? 'own'} settings={summary.data.settings} ownerId={ownerId} />
      )}
    </Stack>
  );
}
