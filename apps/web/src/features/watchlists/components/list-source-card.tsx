import type { TWatchlistSourceHealth } from '@centinela/shared';
import { Alert, Badge, Button, Collapse, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useSyncSource } from '../api/sync-source.ts';
import { DATE_TIME, formatListDay } from '../utils/format.ts';
import { LOAD_ERROR_CODES } from '../utils/load-errors.ts';
import { UploadListFile } from './upload-list-file.tsx';
import { VersionsTable } from './versions-table.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** One list's health for platform staff: the version loaded, how fresh, how its syncs fared; sync now, upload, history. */
export function ListSourceCard({ list }: { list: TWatchlistSourceHealth }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const sync = useSyncSource();
  const [history, toggleHistory] = useDisclosure(false);
  const label = t(`watchlists.sources.${list.id}`);
  const v = list.current;
  const n = (value: number) => formatNumber(value, locale);
  const when = (value: string | null) => (value ? formatDate(value, locale, DATE_TIME) : t('watchlists.never'));
  const syncNow = () =>
    sync.mutate(list.id, {
      onSuccess: () => notifications.show({ color: 'green', message: t('watchlists.syncQueued', { list: label }) }),
      onError: (e) => notifications.show({ color: 'red', message: errorMessage(t, e) }),
    });
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-label={label}
      data-testid="watchlist-source"
      data-source={list.id}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={0}>
            <Title order={3} size="h4">
              {label}
            </Title>
            <Text size="xs" c="dimmed">
              {list.publisher}
            </Text>
          </Stack>
          <Badge color={list.stale ? 'orange' : 'green'} variant="light">
            {list.stale ? t('watchlists.stale') : t('watchlists.fresh')}
          </Badge>
        </Group>
        {v ? (
          <SimpleGrid
            component="dl"
            m={0}
            cols={{ base: 1, xs: 2, md: 4 }}
            spacing="sm"
            verticalSpacing={6}
            data-testid="watchlist-current-version"
          >
            <Field label={t('watchlists.fields.version')}>
              {t('watchlists.fields.versionValue', { seq: v.seq, origin: t(`watchlists.origins.${v.origin}`) })}
            </Field>
            <Field label={t('watchlists.fields.entries')}>
              {t('watchlists.fields.entriesValue', {
                entries: n(v.entries),
                individuals: n(v.individuals),
                entities: n(v.entities),
              })}
            </Field>
            <Field label={t('watchlists.fields.delta')}>
              {t('watchlists.delta', { added: n(v.added), removed: n(v.removed), changed: n(v.changed) })}
            </Field>
            <Field label={t('watchlists.fields.loadedAt')}>{formatDate(v.loadedAt, locale, DATE_TIME)}</Field>
            <Field label={t('watchlists.fields.dataAsOf')}>
              {list.dataAsOf ? formatListDay(list.dataAsOf, locale) : '—'}
              {v.publishedAt === null && ` · ${t('watchlists.undated')}`}
              {list.ageDays !== null &&
                ` · ${t('watchlists.fields.age', { count: Math.floor(list.ageDays), max: list.maxAgeDays })}`}
            </Field>
            <Field label={t('watchlists.fields.lastCheck')}>{when(list.checkedAt)}</Field>
            <Field label={t('watchlists.fields.nextSync')}>{formatDate(list.nextSyncAt, locale, DATE_TIME)}</Field>
            <Field label={t('watchlists.fields.syncs')}>
              {t('watchlists.fields.syncsValue', { failed: n(list.syncs24h.failed), total: n(list.syncs24h.total) })}
            </Field>
          </SimpleGrid>
        ) : (
          <Text c="dimmed">{t('watchlists.noVersion')}</Text>
        )}
        {list.lastError && (
          <Alert
            color="red"
            title={t('watchlists.fields.lastError', { date: formatDate(list.lastError.at, locale, DATE_TIME) })}
            data-testid="watchlist-last-error"
          >
            <Text size="sm" fw={500}>
              {t(`errors.${LOAD_ERROR_CODES[list.lastError.code]}` as 'errors.internal')}
            </Text>
            {/* The publisher's or the network's own words, in English: shown as they came, not translated. */}
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} lang="en" translate="no">
              {list.lastError.message}
            </Text>
          </Alert>
        )}
        <UploadListFile source={list.id} label={label} />
        <Group gap="xs">
          <Button
            variant="default"
            size="compact-sm"
            loading={sync.isPending}
            onClick={syncNow}
            aria-label={t('watchlists.syncNowNamed', { list: label })}
          >
            {t('watchlists.syncNow')}
          </Button>
          <Button variant="subtle" size="compact-sm" onClick={toggleHistory.toggle} aria-expanded={history}>
            {history ? t('watchlists.versions.hide') : t('watchlists.versions.show')}
          </Button>
        </Group>
        <Collapse expanded={history}>{history && <VersionsTable source={list.id} label={label} />}</Collapse>
      </Stack>
    </Paper>
  );
}
