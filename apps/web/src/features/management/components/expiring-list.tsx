import type { TExpiringPerson } from '@centinela/shared';
import { Button, Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { countryName, formatDate } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useChangeHold, useExpiring } from '../api/retention.ts';
import { useCursorPages } from '../hooks/use-cursor-pages.ts';
import { HoldReasonModal } from './hold-reason-modal.tsx';
import { RetentionPersonTable } from './retention-person-table.tsx';

/** The persons that expire within 30 days, soonest first, each with a link and a way to put them on hold. */
export function ExpiringList({ ownerId }: { ownerId?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const pages = useCursorPages();
  const expiring = useExpiring(ownerId, pages.cursor);
  const change = useChangeHold();
  const [holding, setHolding] = useState<TExpiringPerson | null>(null);
  const hold = (reason: string) =>
    holding &&
    change.mutate(
      { profileId: holding.profileId, reason },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('management.retention.hold.done', { name: holding.name }) });
          setHolding(null);
        },
        onError: (e) => notifications.show({ color: 'red', message: errorMessage(t, e) }),
      },
    );
  return (
    <RetentionPersonTable
      title={t('management.retention.expiring.title')}
      empty={{
        title: t('management.retention.expiring.emptyTitle'),
        body: t('management.retention.expiring.emptyBody'),
      }}
      query={expiring}
      pages={pages}
      columns={[
        t('management.retention.columns.country'),
        t('management.retention.columns.lastActivity'),
        t('management.retention.columns.expires'),
      ]}
      cells={(p) => (
        <>
          <Table.Td>{countryName(p.country, locale) ?? '—'}</Table.Td>
          <Table.Td>{formatDate(p.lastActivityAt, locale)}</Table.Td>
          <Table.Td>{formatDate(p.expiresAt, locale)}</Table.Td>
        </>
      )}
      action={(p) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setHolding(p)}
          aria-label={t('management.retention.hold.named', { name: p.name })}
        >
          {t('management.retention.hold.action')}
        </Button>
      )}
    >
      <HoldReasonModal
        key={holding?.profileId ?? 'none'}
        name={holding?.name ?? null}
        pending={change.isPending}
        onConfirm={hold}
        onClose={() => setHolding(null)}
      />
    </RetentionPersonTable>
  );
}
