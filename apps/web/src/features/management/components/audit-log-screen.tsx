import { Group, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageError } from '../../../components/ui/page-error.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { valueLabel } from '../../../lib/enum-label.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useAuditEvents } from '../api/get-audit-events.ts';

const PAGE_SIZE = 50;
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };
type Filters = { actor: string; action: string; entityType: string; from: string; to: string };

/** Day (yyyy-mm-dd) → the instant it starts, local time; '' → none. */
const dayStart = (day: string, plus = 0) =>
  day ? new Date(new Date(`${day}T00:00:00`).getTime() + plus * 86_400_000).toISOString() : undefined;

/** A field the server recorded, in the reader's words ("profileStatus" → "Person's status"). */
function fieldLabel(t: TFunction, field: string): string {
  // A key recorded before its words were written shows as recorded rather than not at all.
  return t(`management.audit.fields.${field}` as 'management.audit.title', { defaultValue: field });
}

/** An event's changes as "field: value" pairs, fields and values in the reader's words (enum codes named). */
function changesText(t: TFunction, changes: unknown): string {
  if (!changes || typeof changes !== 'object') return changes ? valueLabel(t, changes) : '';
  return Object.entries(changes)
    .map(([field, value]) => `${fieldLabel(t, field)}: ${valueLabel(t, value, (k) => fieldLabel(t, k))}`)
    .join(' · ');
}

/** The audit log: who changed what and when (platform staff: every owner; a manager: their own). */
export function AuditLogScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [filters, setFilters] = useState<Filters>({ actor: '', action: '', entityType: '', from: '', to: '' });
  const [debounced] = useDebouncedValue(filters, 300);
  const [page, setPage] = useState(1);
  const events = useAuditEvents({
    actor: debounced.actor.trim() || undefined,
    action: debounced.action.trim() || undefined,
    entityType: debounced.entityType.trim() || undefined,
    from: dayStart(debounced.from),
    to: dayStart(debounced.to, 1),
    page,
    pageSize: PAGE_SIZE,
  });
  const set = (patch: Partial<Filters>) => (setFilters({ ...filters, ...patch }), setPage(1));
  const items = events.data?.items ?? [];
  return (
    <Stack>
      <Title order={1}>{t('management.audit.title')}</Title>
      <Group align="flex-end" gap="sm" role="search" aria-label={t('management.audit.filters')}>
        <TextInput
          label={t('management.audit.actor')}
          value={filters.actor}
          onChange={(e) => set({ actor: e.currentTarget.value })}
          w={200}
        />
        <TextInput
          label={t('management.audit.action')}
          value={filters.action}
          onChange={(e) => set({ action: e.currentTarget.value })}
          w={160}
        />
        <TextInput
          label={t('management.audit.entity')}
          value={filters.entityType}
          onChange={(e) => set({ entityType: e.currentTarget.value })}
          w={140}
        />
        <TextInput
          type="date"
          label={t('management.audit.from')}
          value={filters.from}
          onChange={(e) => set({ from: e.currentTarget.value })}
        />
        <TextInput
          type="date"
          label={t('management.audit.to')}
          value={filters.to}
          onChange={(e) => set({ to: e.currentTarget.value })}
        />
      </Group>
      {events.isPending && <PageLoader />}
      {events.isError && <PageError error={events.error} onRetry={() => void events.refetch()} />}
      {events.isSuccess && items.length === 0 && (
        <EmptyState title={t('management.audit.emptyTitle')} description={t('management.audit.emptyBody')} />
      )}
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" aria-label={t('management.audit.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('management.audit.at')}</Table.Th>
                <Table.Th>{t('management.audit.actor')}</Table.Th>
                <Table.Th>{t('management.audit.action')}</Table.Th>
                <Table.Th>{t('management.audit.entity')}</Table.Th>
                <Table.Th>{t('management.audit.changes')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{formatDate(e.at, locale, DATE_TIME)}</Table.Td>
                  <Table.Td>{e.actor?.username ?? '—'}</Table.Td>
                  <Table.Td>
                    {/* The code, which the Action filter takes, on hover. */}
                    <Text size="sm" title={e.action}>
                      {t(`management.audit.actions.${e.action}`, { defaultValue: e.action })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {t(`management.audit.entities.${e.entityType}`, { defaultValue: e.entityType })}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {e.entityId}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" style={{ overflowWrap: 'anywhere' }} lineClamp={3}>
                      {changesText(t, e.changes)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {(events.data?.total ?? 0) > PAGE_SIZE && (
        <Pagination total={Math.ceil((events.data?.total ?? 0) / PAGE_SIZE)} value={page} onChange={setPage} />
      )}
    </Stack>
  );
}
