import type { ReportType, TProviderHealth } from '@centinela/shared';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { DATE_TIME, formatDuration, formatRate } from '../utils/format.ts';

/** The report providers over the last day: answers, errors, median time to answer, and the queue's expected end. */
export function ProvidersTable({ providers }: { providers: TProviderHealth[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" aria-label={t('watchlists.providers.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('watchlists.providers.type')}</Table.Th>
            <Table.Th>{t('watchlists.providers.answered')}</Table.Th>
            <Table.Th>{t('watchlists.providers.errorRate')}</Table.Th>
            <Table.Th>{t('watchlists.providers.latency')}</Table.Th>
            <Table.Th>{t('watchlists.providers.lastAnswer')}</Table.Th>
            <Table.Th>{t('watchlists.providers.pending')}</Table.Th>
            <Table.Th>{t('watchlists.providers.eta')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {providers.map((p) => (
            <Table.Tr key={p.reportType} data-testid="provider-health">
              <Table.Td>{t(`reports.types.${p.reportType as ReportType}`, { defaultValue: p.reportType })}</Table.Td>
              <Table.Td>{formatNumber(p.answered24h, locale)}</Table.Td>
              <Table.Td>{p.errorRate24h === null ? '—' : formatRate(p.errorRate24h, locale)}</Table.Td>
              <Table.Td>{p.medianLatencyMs === null ? '—' : formatDuration(p.medianLatencyMs, locale)}</Table.Td>
              <Table.Td>{p.lastAnswerAt ? formatDate(p.lastAnswerAt, locale, DATE_TIME) : '—'}</Table.Td>
              <Table.Td>{formatNumber(p.pending, locale)}</Table.Td>
              <Table.Td>
                {p.pending === 0
                  ? '—'
                  : p.etaSeconds === null
                    ? t('watchlists.providers.noPace')
                    : formatDuration(p.etaSeconds * 1000, locale)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
