import { creditsFor, type ReportType } from '@centinela/shared';
import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale.ts';

/**
 * What the batch costs in credits (rows × the credits of the chosen reports), next to the balance, for
 * owners whose plan pays with credits (`balance` null: not limited; the route reads it from the credits feature). The server refuses to start a batch the balance cannot cover
 * (402 insufficient_credits): the warning says so before the user gets there.
 */
export function CreditCost({ types, rows, balance }: { types: ReportType[]; rows: number; balance: number | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (balance === null || types.length === 0) return null;
  const needed = rows * creditsFor(types);
  const values = { available: balance.toLocaleString(locale), count: needed };
  return needed > balance ? (
    <Alert color="yellow" variant="light" data-testid="csv-credit-cost" title={t('csvImport.credits.shortTitle')}>
      {t('csvImport.credits.short', values)}
    </Alert>
  ) : (
    <Text size="sm" data-testid="csv-credit-cost">
      {t('csvImport.credits.cost', values)}
    </Text>
  );
}
