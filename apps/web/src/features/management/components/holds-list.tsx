import type { THeldPerson } from '@centinela/shared';
import { Anchor, Button, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageError } from '../../../components/ui/page-error.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { localizePath } from '../../../lib/locale.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useChangeHold, useHolds } from '../api/retention.ts';
import { useCursorPages } from '../hooks/use-cursor-pages.ts';
import { ConfirmModal } from './confirm-modal.tsx';
import { CursorPager } from './cursor-pager.tsx';

/** The persons on legal hold: since when, by whom, why; releasing one lets retention count for them again. */
export function HoldsList({ ownerId }: { ownerId?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const pages = useCursorPages();
  const holds = useHolds(ownerId, pages.cursor);
  const change = useChangeHold();
  const [releasing, setReleasing] = useState<THeldPerson | null>(null);
  const items = holds.data?.items ?? [];
  const release = () =>
    releasing &&
    change.mutate(
      { profileId: releasing.profileId, reason: null },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: t('management.retention.release.done', { name: releasing.name }),
          });
          setReleasing(null);
        },
        onError: (e) => notifications.show({ color: 'red', message: errorMessage(t, e) }),
      },
    );
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('management.retention.holds.title')}
      </Title>
      {holds.isPending && <PageLoader />}
      {holds.isError && <PageError error={holds.error} onRetry={() => void holds.refetch()} />}
      {holds.isSuccess && items.length === 0 && (
        <EmptyState
          title={t('management.retention.holds.emptyTitle')}
          description={t('management.retention.holds.emptyBody')}
        />
      )}
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" aria-label={t('management.retention.holds.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('management.retention.columns.person')}</Table.Th>
                <Table.Th>{t('management.retention.columns.heldSince')}</Table.Th>
                <Table.Th>{t('management.retention.columns.heldBy')}</Table.Th>
                <Table.Th>{t('management.retention.columns.reason')}</Table.Th>
                <Table.Th>{t('management.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((p) => (
                <Table.Tr key={p.profileId}>
                  <Table.Td>
                    <Anchor component={AppLink} to={localizePath(paths.person(p.profileId, p.country), locale)}>
                      {p.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatDate(p.hold.at, locale)}</Table.Td>
                  <Table.Td>{p.hold.by?.username ?? '—'}</Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                      {p.hold.reason}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setReleasing(p)}
                      aria-label={t('management.retention.release.named', { name: p.name })}
                    >
                      {t('management.retention.release.action')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CursorPager
        page={pages.page}
        nextCursor={holds.data?.nextCursor ?? null}
        onPrevious={pages.previous}
        onNext={pages.next}
      />
      <ConfirmModal
        opened={releasing !== null}
        title={t('management.retention.release.title', { name: releasing?.name })}
        body={t('management.retention.release.body')}
        confirmLabel={t('management.retention.release.action')}
        pending={change.isPending}
        onConfirm={release}
        onClose={() => setReleasing(null)}
      />
    </Stack>
  );
}
