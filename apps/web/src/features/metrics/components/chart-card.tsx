import { Button, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadText, toCsv, type Column } from '../utils/csv.ts';

type ChartCardProps<R> = {
  title: string;
  description?: string;
  columns: Column<R>[];
  rows: R[];
  /** File name of the CSV download, without extension. */
  filename: string;
  /** The chart; not rendered when there are no rows (the empty message shows instead). */
  chart: () => ReactNode;
};

/** One analytics chart with a table view of the same figures and a CSV download of that table. */
export function ChartCard<R>({ title, description, columns, rows, filename, chart }: ChartCardProps<R>) {
  const { t } = useTranslation();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const titleId = useId();
  const empty = rows.length === 0;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={2} size="h5" id={titleId}>
              {title}
            </Title>
            {description && (
              <Text size="xs" c="dimmed">
                {description}
              </Text>
            )}
          </div>
          <Group gap="xs" wrap="nowrap">
            <SegmentedControl
              size="xs"
              value={view}
              onChange={(v) => setView(v as 'chart' | 'table')}
              aria-label={t('metrics.analytics.view')}
              data={[
                { value: 'chart', label: t('metrics.analytics.chart') },
                { value: 'table', label: t('metrics.analytics.table') },
              ]}
            />
            <Button
              size="xs"
              variant="default"
              disabled={empty}
              onClick={() => downloadText(`${filename}.csv`, toCsv(columns, rows))}
            >
              {t('metrics.analytics.csv')}
            </Button>
          </Group>
        </Group>
        {empty ? (
          <Text c="dimmed" size="sm" py="xl" ta="center">
            {t('metrics.analytics.empty')}
          </Text>
        ) : view === 'chart' ? (
          <div data-testid="chart">{chart()}</div>
        ) : (
          <Table.ScrollContainer minWidth={320} maxHeight={320}>
            <Table striped stickyHeader aria-labelledby={titleId}>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c) => (
                    <Table.Th key={c.key}>{c.label}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, i) => (
                  <Table.Tr key={i}>
                    {columns.map((c) => (
                      <Table.Td key={c.key}>{c.format ? c.format(row[c.key], row) : String(row[c.key] ?? '')}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
