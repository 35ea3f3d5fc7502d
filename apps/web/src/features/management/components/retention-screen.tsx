import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageError } from '../../../components/ui/page-error.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { useRetention } from '../api/retention.ts';
import { ExpiringList } from './expiring-list.tsx';
import { HoldsList } from './holds-list.tsx';
import { RetentionSetting } from './retention-setting.tsx';

type RetentionScreenProps = { ownerId?: string; ownerPicker?: ReactNode; needsOwner?: boolean };

/**
 * How long the owner keeps persons, what expires in the next 30 days, and the persons on
 * legal hold (managers; platform staff choose the client first).
 */
export function RetentionScreen({ ownerId, ownerPicker, needsOwner }: RetentionScreenProps) {
  const { t } = useTranslation();
  const retention = useRetention(ownerId, !needsOwner);
  return (
    <Stack>
      <Stack gap={4}>
        <Title order={1}>{t('management.retention.title')}</Title>
        <Text c="dimmed">{t('management.retention.subtitle')}</Text>
      </Stack>
      {ownerPicker}
      {needsOwner && (
        <EmptyState
          title={t('management.retention.chooseOwnerTitle')}
          description={t('management.retention.chooseOwnerBody')}
        />
      )}
      {!needsOwner && retention.isPending && <PageLoader />}
      {retention.isError && <PageError error={retention.error} onRetry={() => void retention.refetch()} />}
      {retention.data && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Paper withBorder p="md">
              <Text size="sm" c="dimmed">
                {t('management.retention.expiringSoon')}
              </Text>
              <Text fz="xl" fw={600}>
                {t('management.retention.persons', { count: retention.data.expiringSoon })}
              </Text>
            </Paper>
            <Paper withBorder p="md">
              <Text size="sm" c="dimmed">
                {t('management.retention.held')}
              </Text>
              <Text fz="xl" fw={600}>
                {t('management.retention.persons', { count: retention.data.held })}
              </Text>
            </Paper>
          </SimpleGrid>
          {/* Keyed by the saved value: a save (or another client) starts the form from what is stored. */}
          <RetentionSetting
            key={`${ownerId ?? ''}:${retention.data.retentionMonths ?? 'off'}`}
            ownerId={ownerId}
            current={retention.data.retentionMonths}
          />
          <ExpiringList key={`expiring:${ownerId ?? ''}`} ownerId={ownerId} />
          <HoldsList key={`holds:${ownerId ?? ''}`} ownerId={ownerId} />
        </>
      )}
    </Stack>
  );
}
