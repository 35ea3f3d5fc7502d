import { Group, Stack, Table, Title, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';
import { PageError } from './page-error.tsx';
import { PageLoader } from './page-loader.tsx';

/** The part of a query the section reads (a TanStack Query result fits). */
type SectionQuery = {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  error: unknown;
  refetch: () => unknown;
};

type TableSectionProps = {
  /** The table's accessible name (and the heading, when `title` is on). */
  label: string;
  /** Show `label` as a heading above the table. */
  title?: boolean;
  /** Buttons beside the heading. */
  actions?: ReactNode;
  /** The query behind the rows: a loader while pending, an error with a retry, the empty state once loaded. */
  query?: SectionQuery;
  /** Whether there are no rows; the table is shown only when there are. */
  isEmpty?: boolean;
  empty?: { title: string; body: string };
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  /** Mantine table options (spacing, hover, aria-rowcount). */
  tableProps?: Omit<TableProps, 'children'>;
  /** The header cells. */
  head: ReactNode;
  /** The body: a `Table.Tbody` or a `VirtualTbody`. */
  children: ReactNode;
  /** Under the table (a pager, the dialog the rows open). */
  footer?: ReactNode;
};

/**
 * One table frame for the lists of the settings screens: a heading with its actions, the loading, error
 * and empty states, and the table itself with its header row.
 */
export function TableSection({
  label,
  title,
  actions,
  query,
  isEmpty = false,
  empty,
  minWidth,
  tableProps,
  head,
  children,
  footer,
}: TableSectionProps) {
  const table = (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" {...tableProps} aria-label={label}>
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        {children}
      </Table>
    </Table.ScrollContainer>
  );
  if (!title && !actions && !query && !footer) return table;
  const heading = title && (
    <Title order={2} size="h3">
      {label}
    </Title>
  );
  return (
    <Stack gap="sm">
      {actions ? (
        <Group justify="space-between">
          {heading}
          {actions}
        </Group>
      ) : (
        heading
      )}
      {query?.isPending && <PageLoader />}
      {query?.isError && <PageError error={query.error} onRetry={() => void query.refetch()} />}
      {query?.isSuccess && isEmpty && empty && <EmptyState title={empty.title} description={empty.body} />}
      {!isEmpty && table}
      {footer}
    </Stack>
  );
}
