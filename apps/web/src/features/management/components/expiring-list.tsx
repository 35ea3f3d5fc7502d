import type { TExpiringPerson } from '@centinela/shared';
import { Anchor, Button, Stack, Table, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageError } from '../../../components/ui/page-error.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { countryName, formatDate } from '../../../lib/format.ts';
import { localizePath } from '../../../lib/locale.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useChangeHold, useExpiring } from '../api/retention.ts';
import { useCursorPages } from '../hooks/use-cursor-pages.ts';
import { CursorPager } from './cursor-pager.tsx';
import { HoldReasonModal } from './hold-reason-modal.tsx';

/** The persons that expire within 30 days, soonest first, each with a link and a way to put them on hold. */
export function ExpiringList({ ownerId }: { ownerId?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const pages = useCursorPages();
  const expiring = useExpiring(ownerId, pages.cursor);
  const change = useChangeHold();
  const [holding, setHolding] = useState<TExpiringPerson | null>(null);
  const items = expiring.data?.items ?? [];
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
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('management.retention.expiring.title')}
      </Title>
      {expiring.isPending && <PageLoader />}
      {expiring.isError && <PageError error={expiring.error} onRetry={() => void expiring.refetch()} />}
      {expiring.isSuccess && items.length === 0 && (
        <EmptyState
          title={t('management.retention.expiring.emptyTitle')}
          description={t('management.retention.expiring.emptyBody')}
        />
      )}
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" aria-label={t('management.retention.expiring.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('management.retention.columns.person')}</Table.Th>
                <Table.Th>{t('management.retention.columns.country')}</Table.Th>
                <Table.Th>{t('management.retention.columns.lastActivity')}</Table.Th>
                <Table.Th>{t('management.retention.columns.expires')}</Table.Th>
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
                  <Table.Td>{countryName(p.country, locale) ?? '—'}</Table.Td>
                  <Table.Td>{formatDate(p.lastActivityAt, locale)}</Table.Td>
                  <Table.Td>{formatDate(p.expiresAt, locale)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setHolding(p)}
                      aria-label={t('management.retention.hold.named', { name: p.name })}
                    >
                      {t('management.retention.hold.action')}
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
        nextCursor={expiring.data?.nextCursor ?? null}
        onPrevious={pages.previous}
        onNext={pages.next}
      />
      <HoldReasonModal
        key={holding?.profileId ?? 'none'}
        name={holding?.name ?? null}
        pending={change.isPending}
        onConfirm={hold}
        onClose={() => setHolding(null)}
      />
    </Stack>
  );
}
