import type { WatchlistSourceId } from '@centinela/shared';
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageError } from '../../../components/ui/page-error.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useVersions } from '../api/get-versions.ts';
import { DATE_TIME, formatListDay } from '../utils/format.ts';

/** A list's versions, newest first: where each came from, its size and what it changed. */
export function VersionsTable({ source, label }: { source: WatchlistSourceId; label: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const versions = useVersions(source, true);
  const n = (v: number) => formatNumber(v, locale);
  if (versions.isPending) return <PageLoader />;
  if (versions.isError) return <PageError error={versions.error} onRetry={() => void versions.refetch()} />;
  return (
    <Table.ScrollContainer minWidth={680}>
      <Table verticalSpacing={4} fz="sm" aria-label={t('watchlists.versions.title', { list: label })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('watchlists.versions.seq')}</Table.Th>
            <Table.Th>{t('watchlists.fields.origin')}</Table.Th>
            <Table.Th>{t('watchlists.fields.entries')}</Table.Th>
            <Table.Th>{t('watchlists.fields.delta')}</Table.Th>
            <Table.Th>{t('watchlists.fields.dataAsOf')}</Table.Th>
            <Table.Th>{t('watchlists.fields.loadedAt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {versions.data.map((v) => (
            <Table.Tr key={v.id} data-testid="watchlist-version">
              <Table.Td>
                {v.seq} {v.current && <Badge size="xs">{t('watchlists.versions.current')}</Badge>}
              </Table.Td>
              <Table.Td>
                {t(`watchlists.origins.${v.origin}`)}
                {v.fileName && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {v.fileName}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{n(v.entries)}</Table.Td>
              <Table.Td>
                {t('watchlists.delta', { added: n(v.added), removed: n(v.removed), changed: n(v.changed) })}
              </Table.Td>
              <Table.Td>{v.publishedAt ? formatListDay(v.publishedAt, locale) : t('watchlists.undated')}</Table.Td>
              <Table.Td>{formatDate(v.loadedAt, locale, DATE_TIME)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
