import type { THeldPerson } from '@centinela/shared';
import { Button, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useChangeHold, useHolds } from '../api/retention.ts';
import { useCursorPages } from '../hooks/use-cursor-pages.ts';
import { ConfirmModal } from './confirm-modal.tsx';
import { RetentionPersonTable } from './retention-person-table.tsx';

/** The persons on legal hold: since when, by whom, why; releasing one lets retention count for them again. */
export function HoldsList({ ownerId }: { ownerId?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const pages = useCursorPages();
  const holds = useHolds(ownerId, pages.cursor);
  const change = useChangeHold();
  const [releasing, setReleasing] = useState<THeldPerson | null>(null);
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
    <RetentionPersonTable
      title={t('management.retention.holds.title')}
      empty={{ title: t('management.retention.holds.emptyTitle'), body: t('management.retention.holds.emptyBody') }}
      query={holds}
      pages={pages}
      columns={[
        t('management.retention.columns.heldSince'),
        t('management.retention.columns.heldBy'),
        t('management.retention.columns.reason'),
      ]}
      cells={(p) => (
        <>
          <Table.Td>{formatDate(p.hold.at, locale)}</Table.Td>
          <Table.Td>{p.hold.by?.username ?? '—'}</Table.Td>
          <Table.Td>
            <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {p.hold.reason}
            </Text>
          </Table.Td>
        </>
      )}
      action={(p) => (
        <Button
          size="xs"
          variant="default"
          onClick={() => setReleasing(p)}
          aria-label={t('management.retention.release.named', { name: p.name })}
        >
          {t('management.retention.release.action')}
        </Button>
      )}
    >
      <ConfirmModal
        opened={releasing !== null}
        title={t('management.retention.release.title', { name: releasing?.name })}
        body={t('management.retention.release.body')}
        confirmLabel={t('management.retention.release.action')}
        pending={change.isPending}
        onConfirm={release}
        onClose={() => setReleasing(null)}
      />
    </RetentionPersonTable>
  );
}
