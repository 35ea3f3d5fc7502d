import type { ProfileStatus } from '@centinela/shared';
import { Anchor, Badge, Button, Center, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageError } from '../../../components/ui/page-error.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { countryName, formatDate } from '../../../lib/format.ts';
import { localizePath } from '../../../lib/locale.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useEnrolments } from '../api/get-enrolments.ts';
import { DATE_ONLY } from '../utils/format.ts';
import { StopMonitoringModal } from './stop-monitoring-modal.tsx';

const STATUS_COLORS: Partial<Record<ProfileStatus, string>> = {
  PASSED: 'green',
  FAILED: 'red',
  PENDING_MANUAL_REVIEW: 'grape',
  INFO: 'blue',
};

/** The monitored persons, most recently enrolled first, a keyset page at a time; "Stop monitoring" for writers. */
export function EnrolmentsPanel({ ownerId, canWrite }: { ownerId?: string; canWrite: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const enrolments = useEnrolments(ownerId);
  const [stopping, setStopping] = useState<{ profileId: string; name: string } | null>(null);
  const rows = enrolments.data?.pages.flatMap((p) => p.enrolments) ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="watchlist-enrolments-title">
      <Title order={2} size="h3" id="watchlist-enrolments-title">
        {t('watchlists.enrolments.title')}
      </Title>
      {enrolments.isPending && <PageLoader />}
      {enrolments.isError && <PageError error={enrolments.error} onRetry={() => void enrolments.refetch()} />}
      {enrolments.isSuccess && rows.length === 0 && (
        <EmptyState title={t('watchlists.enrolments.emptyTitle')} description={t('watchlists.enrolments.emptyBody')} />
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" aria-label={t('watchlists.enrolments.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('watchlists.enrolments.columns.name')}</Table.Th>
                <Table.Th>{t('watchlists.enrolments.columns.status')}</Table.Th>
                <Table.Th>{t('watchlists.enrolments.columns.via')}</Table.Th>
                <Table.Th>{t('watchlists.enrolments.columns.since')}</Table.Th>
                <Table.Th>{t('watchlists.enrolments.columns.alerts')}</Table.Th>
                {canWrite && <Table.Th>{t('watchlists.enrolments.columns.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((e) => (
                <Table.Tr key={e.profileId} data-testid="watchlist-enrolment">
                  <Table.Td>
                    <Anchor component={Link} to={localizePath(paths.person(e.profileId, e.country), locale)} fw={500}>
                      {e.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {countryName(e.country, locale) ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_COLORS[e.status as ProfileStatus] ?? 'gray'}>
                      {t(`profiles.status.${e.status as ProfileStatus}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{t(`watchlists.enrolments.via.${e.via}`)}</Table.Td>
                  <Table.Td>{formatDate(e.enrolledAt, locale, DATE_ONLY)}</Table.Td>
                  <Table.Td>{e.openAlerts > 0 ? <Badge color="red">{e.openAlerts}</Badge> : '—'}</Table.Td>
                  {canWrite && (
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        onClick={() => setStopping(e)}
                        aria-label={t('watchlists.enrolments.stopNamed', { name: e.name })}
                      >
                        {t('watchlists.enrolments.stop')}
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {enrolments.hasNextPage && (
        <Center>
          <Button
            variant="default"
            loading={enrolments.isFetchingNextPage}
            onClick={() => void enrolments.fetchNextPage()}
          >
            {t('watchlists.enrolments.more')}
          </Button>
        </Center>
      )}
      <StopMonitoringModal person={stopping} ownerId={ownerId} onClose={() => setStopping(null)} />
    </Stack>
  );
}
