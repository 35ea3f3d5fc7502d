import { Badge, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useCsvJobs } from '../api/get-csv-jobs.ts';

const COLORS = { uploaded: 'gray', queued: 'blue', processing: 'blue', completed: 'green', failed: 'red' } as const;

/** The owner's past imports; opening one shows its result. */
export function JobsHistory({ onOpen }: { onOpen: (jobId: string) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const jobs = useCsvJobs();
  const items = (jobs.data?.items ?? []).filter((j) => j.status !== 'uploaded');
  const when = (iso: string) => formatDate(iso, locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div>
      <Title order={4} mb="xs">
        {t('csvImport.history.title')}
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('csvImport.history.empty')}
        </Text>
      ) : (
        // Seven columns do not fit a phone: the table scrolls sideways in its own box, the page does not.
        <Table.ScrollContainer minWidth={640}>
          <Table fz="sm" highlightOnHover aria-label={t('csvImport.history.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('csvImport.history.file')}</Table.Th>
                <Table.Th>{t('csvImport.history.date')}</Table.Th>
                <Table.Th>{t('csvImport.history.status')}</Table.Th>
                <Table.Th>{t('csvImport.progress.processed')}</Table.Th>
                <Table.Th>{t('csvImport.progress.succeeded')}</Table.Th>
                <Table.Th>{t('csvImport.progress.failed')}</Table.Th>
                <Table.Th>{t('csvImport.history.duplicates')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((j) => (
                <Table.Tr key={j.id}>
                  <Table.Td>
                    <UnstyledButton onClick={() => onOpen(j.id)} c="blue">
                      {j.fileName}
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td>{when(j.createdAt)}</Table.Td>
                  <Table.Td>
                    <Badge color={COLORS[j.status]} variant="light">
                      {t(`csvImport.status.${j.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{j.processed}</Table.Td>
                  <Table.Td>{j.succeeded}</Table.Td>
                  <Table.Td>{j.failed}</Table.Td>
                  {/* Rows skipped, or that updated a person, because the person already existed. */}
                  <Table.Td>{j.skipped + j.updated}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </div>
  );
}
