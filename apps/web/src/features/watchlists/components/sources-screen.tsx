import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageError } from '../../../components/ui/page-error.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { useSources } from '../api/get-sources.ts';
import { ListSourceCard } from './list-source-card.tsx';
import { ProvidersTable } from './providers-table.tsx';

/** Source health for platform staff: every watch list and report provider (the route requires watchlists:manage). */
export function SourcesScreen() {
  const { t } = useTranslation();
  const sources = useSources();
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1}>{t('watchlists.sourcesPage.title')}</Title>
        <Text c="dimmed">{t('watchlists.sourcesPage.subtitle')}</Text>
      </Stack>
      {sources.isPending && <PageLoader />}
      {sources.isError && <PageError error={sources.error} onRetry={() => void sources.refetch()} />}
      {sources.data && (
        <>
          <Title order={2} size="h3">
            {t('watchlists.sourcesPage.lists')}
          </Title>
          {sources.data.lists.map((list) => (
            <ListSourceCard key={list.id} list={list} />
          ))}
          <Title order={2} size="h3">
            {t('watchlists.providers.title')}
          </Title>
          {sources.data.providers.length === 0 ? (
            <EmptyState
              title={t('watchlists.providers.emptyTitle')}
              description={t('watchlists.providers.emptyBody')}
            />
          ) : (
            <ProvidersTable providers={sources.data.providers} />
          )}
        </>
      )}
    </Stack>
  );
}
