import type { TIdentityReport } from '@centinela/shared';
import { Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';

const DAY = { dateStyle: 'medium', timeZone: 'UTC' } as const;

/**
 * What the document says next to what the person's file says, a column per reading (barcode, MRZ):
 * the reviewer reads across a row. Cells wrap, so three columns fit a phone.
 */
export function IdentityFields({ report }: { report: TIdentityReport }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const date = (v: string | null) => (v ? formatDate(`${v.slice(0, 10)}T00:00:00Z`, locale, DAY) : '—');
  const country = (v: string | null) =>
    v
      ? v.length === 2
        ? t(`countries.${v.toLowerCase()}` as 'countries.co', { defaultValue: v.toUpperCase() })
        : v
      : '—';
  const { person, readings } = report;
  const rows: { key: string; label: string; person: string; read: (r: (typeof readings)[number]) => string }[] = [
    {
      key: 'name',
      label: t('identity.review.fields.name'),
      person: person.name,
      read: (r) => `${r.givenNames} ${r.surnames}`.trim() || '—',
    },
    {
      key: 'number',
      label: t('identity.review.fields.documentNumber'),
      person: person.documentId,
      read: (r) => r.documentNumber || '—',
    },
    {
      key: 'birth',
      label: t('identity.review.fields.birthDate'),
      person: date(person.birthDate),
      read: (r) => date(r.birthDate),
    },
    {
      key: 'sex',
      label: t('identity.review.fields.sex'),
      person: '—',
      read: (r) => (r.sex ? t(`identity.review.sex.${r.sex}`) : '—'),
    },
    {
      key: 'country',
      label: t('identity.review.fields.country'),
      person: country(person.country),
      read: (r) => country(r.country),
    },
    { key: 'expiry', label: t('identity.review.fields.expiryDate'), person: '—', read: (r) => date(r.expiryDate) },
  ];
  if (readings.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('identity.review.nothingRead')}
      </Text>
    );
  return (
    <Table
      withTableBorder
      withColumnBorders
      layout="fixed"
      fz="sm"
      verticalSpacing={4}
      horizontalSpacing={6}
      data-testid="identity-fields"
      aria-label={t('identity.review.fieldsTitle')}
      styles={{ td: { overflowWrap: 'anywhere' }, th: { overflowWrap: 'anywhere' } }}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">
            <VisuallyHidden>{t('identity.review.fields.field')}</VisuallyHidden>
          </Table.Th>
          <Table.Th scope="col">{t('identity.review.fields.person')}</Table.Th>
          {readings.map((r, i) => (
            <Table.Th scope="col" key={i}>
              {t('identity.review.fields.read', { source: t(`identity.review.sources.${r.source}`) })}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Th scope="row">{row.label}</Table.Th>
            <Table.Td>{row.person}</Table.Td>
            {readings.map((r, i) => (
              <Table.Td key={i}>{row.read(r)}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
