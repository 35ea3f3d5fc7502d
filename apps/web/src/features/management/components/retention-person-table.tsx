import type { Country } from '@centinela/shared';
import { Anchor, Table } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { TableSection } from '../../../components/ui/table-section.tsx';
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
    <TableSection
      label={title}
      title
      query={query}
      isEmpty={items.length === 0}
      empty={empty}
      minWidth={640}
      tableProps={{ verticalSpacing: 'xs' }}
      head={
        <>
          <Table.Th>{t('management.retention.columns.person')}</Table.Th>
          {columns.map((c) => (
            <Table.Th key={c}>{c}</Table.Th>
          ))}
          <Table.Th>{t('management.columns.actions')}</Table.Th>
        </>
      }
      footer={
        <>
          <CursorPager
            page={pages.page}
            nextCursor={query.data?.nextCursor ?? null}
            onPrevious={pages.previous}
            onNext={pages.next}
          />
          {children}
        </>
      }
    >
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
    </TableSection>
  );
}
