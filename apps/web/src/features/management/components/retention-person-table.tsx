import type { Country } from '@centinela/shared';
import { Anchor, Stack, Table, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageError } from '../../../components/ui/page-error.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { localizePath } from '../../../lib/locale.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import type { useCursorPages } from '../hooks/use-cursor-pages.ts';
import { CursorPager } from './cursor-pager.tsx';

type Person = { profileId: string; name: string; country: Country };

type RetentionPersonTableProps<T extends Person> = {
  title: string;
  empty: { title: string; body: string };
  query: UseQueryResult<{ items: T[]; nextCursor: string | null }>;
  pages: ReturnType<typeof useCursorPages>;
  /** The headers of the columns between the person and the action. */
  columns: string[];
  /** Those columns' cells for one person. */
  cells: (person: T) => ReactNode;
  action: (person: T) => ReactNode;
  /** The dialog the action opens. */
  children: ReactNode;
};

/**
 * A titled, paged table of persons on the retention page (expiring soon, on hold): each links to the
 * person, with one action; loading, error and empty states included.
 */
export function RetentionPersonTable<T extends Person>(props: RetentionPersonTableProps<T>) {
  const { title, empty, query, pages, columns, cells, action, children } = props;
  const { t } = useTranslation();
  const locale = useLocale();
  const items = query.data?.items ?? [];
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {title}
      </Title>
      {query.isPending && <PageLoader />}
      {query.isError && <PageError error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && items.length === 0 && <EmptyState title={empty.title} description={empty.body} />}
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('management.retention.columns.person')}</Table.Th>
                {columns.map((c) => (
                  <Table.Th key={c}>{c}</Table.Th>
                ))}
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
                  {cells(p)}
                  <Table.Td>{action(p)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CursorPager
        page={pages.page}
        nextCursor={query.data?.nextCursor ?? null}
        onPrevious={pages.previous}
        onNext={pages.next}
      />
      {children}
    </Stack>
  );
}
