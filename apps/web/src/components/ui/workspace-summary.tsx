import type { Country, Locale } from '@centinela/shared';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { countryName, formatDate, formatList } from '../../lib/format.ts';

type WorkspaceSummaryProps = { countries: readonly Country[]; locale: Locale; today?: Date };

/** Today's date and the countries the user works in, each in the page's language (dates, lists, plurals). */
export function WorkspaceSummary({ countries, locale, today = new Date() }: WorkspaceSummaryProps) {
  const { t } = useTranslation();
  const names = countries.map((country) => countryName(country, locale)).filter((name): name is string => !!name);
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('home.workspace')}
        </Title>
        <Text>{t('home.today', { date: formatDate(today, locale, { dateStyle: 'full' }) })}</Text>
        <Text>{t('home.countries', { count: names.length })}</Text>
        {names.length > 0 && <Text c="dimmed">{t('home.countryList', { list: formatList(names, locale) })}</Text>}
      </Stack>
    </Card>
  );
}
