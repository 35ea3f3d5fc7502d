import type { TProfileSummary } from '@centinela/shared';
import { Button, Center, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageError } from '../../../components/ui/page-error.tsx';
import type { useProfiles } from '../api/get-profiles.ts';
import type { Selection } from '../utils/selection.ts';
import { ListSkeleton } from './list-skeleton.tsx';
import { ProfileTable } from './profile-table.tsx';

type ListBodyProps = {
  list: ReturnType<typeof useProfiles>;
  profiles: TProfileSummary[];
  selection: Selection;
  onSelect: (s: Selection) => void;
  hrefOf: (p: TProfileSummary) => string;
};

/** Loading, failed, empty, or the rows with "load more" while the keyset has a next page. */
export function ListBody({ list, profiles, selection, onSelect, hrefOf }: ListBodyProps) {
  const { t } = useTranslation();
  if (list.isPending) return <ListSkeleton />;
  if (list.isError && profiles.length === 0) return <PageError error={list.error} onRetry={() => void list.refetch()} />;
  if (profiles.length === 0) return <EmptyState title={t('profiles.list.emptyTitle')} description={t('profiles.list.emptyBody')} />;
  return (
    <Stack>
      <ProfileTable profiles={profiles} selection={selection} onSelect={onSelect} hrefOf={hrefOf} />
      {list.hasNextPage && (
        <Center>
          <Button variant="default" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('profiles.list.loadMore')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
