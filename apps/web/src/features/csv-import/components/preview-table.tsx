import { ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The first rows of the file as read by the server (cells by position, under the header). */
export function PreviewTable({ headers, rows }: { headers: string[]; rows: { line: number; cells: string[] }[] }) {
  const { t } = useTranslation();
  return (
    <ScrollArea>
      <Text size="sm" c="dimmed" mb={4}>
        {t('csvImport.upload.preview', { count: rows.length })}
      </Text>
      <Table striped withTableBorder fz="sm" aria-label={t('csvImport.upload.previewLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('csvImport.line')}</Table.Th>
            {headers.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.line}>
              <Table.Td>{row.line}</Table.Td>
              {headers.map((h, i) => (
                <Table.Td key={h} style={{ whiteSpace: 'pre-line' }}>
                  {row.cells[i] ?? ''}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
