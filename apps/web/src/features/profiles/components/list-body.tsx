import type { TProfileSummary } from '@centinela/shared';
import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageError } from '../../../components/ui/page-error.tsx';
import type { useProfiles } from '../api/get-profiles.ts';
import type { Selection } from '../utils/selection.ts';
import { ListSkeleton } from './list-skeleton.tsx';
import { ProfileTable } from './profile-table.tsx';

const NO_ROWS: TProfileSummary[] = [];

type ListBodyProps = {
  list: ReturnType<typeof useProfiles>;
  profiles: TProfileSummary[];
  total: number | null;
  selection: Selection;
  onSelect: (s: Selection) => void;
  hrefOf: (p: TProfileSummary) => string;
  alerted?: ReadonlySet<string>;
};

/** Loading, failed, empty, or the rows; the next keyset page loads as the end of the rows scrolls into view. */
export function ListBody({ list, profiles, total, selection, onSelect, hrefOf, alerted }: ListBodyProps) {
  const { t } = useTranslation();
  const { hasNextPage, isFetching, isError, fetchNextPage } = list;
  // One page at a time, and none after a failure (the retry below asks again).
  const onNearEnd = useCallback(() => {
    if (hasNextPage && !isFetching && !isError) void fetchNextPage();
  }, [hasNextPage, isFetching, isError, fetchNextPage]);
  // The rows render in the background (a deferred value, time-sliced), so the page answers input while
  // a page of rows mounts, and the page's first paint, rows already in or not, is the light skeleton
  //; until then the skeleton stays.
  const rows = useDeferredValue(profiles, NO_ROWS);
  if (list.isPending || (rows.length === 0 && profiles.length > 0)) return <ListSkeleton />;
  if (list.isError && profiles.length === 0)
    return <PageError error={list.error} onRetry={() => void list.refetch()} />;
  if (profiles.length === 0)
    return <EmptyState title={t('profiles.list.emptyTitle')} description={t('profiles.list.emptyBody')} />;
  return (
    <Stack>
      <ProfileTable
        profiles={rows}
        total={total ?? (list.hasNextPage ? null : profiles.length)}
        selection={selection}
        onSelect={onSelect}
        hrefOf={hrefOf}
        onNearEnd={onNearEnd}
        alerted={alerted}
      />
      <Center role="status" aria-live="polite" mih={32}>
        {list.isFetchingNextPage && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('profiles.list.loadingMore')}</Text>
          </Group>
        )}
        {list.isFetchNextPageError && (
          <Group gap="xs">
            <Text size="sm" c="red">
              {t('profiles.list.loadMoreFailed')}
            </Text>
            <Button size="compact-sm" variant="default" onClick={() => void list.fetchNextPage()}>
              {t('profiles.list.retry')}
            </Button>
          </Group>
        )}
      </Center>
    </Stack>
  );
}
