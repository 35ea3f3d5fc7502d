import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';

/**
 * What a new profile's reports cost in credits, next to the balance, before it is confirmed: worded
 * as the CSV wizard words a batch, and summed as the server debits it.
 */
export function ProfileCreditCost({ needed, balance }: { needed: number; balance: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const values = { count: needed, available: formatNumber(balance, locale) };
  return needed > balance ? (
    <Alert
      color="yellow"
      variant="light"
      data-testid="profile-credit-cost"
      title={t('profiles.create.credits.shortTitle')}
    >
      {t('profiles.create.credits.short', values)}
    </Alert>
  ) : (
    <Text size="sm" data-testid="profile-credit-cost">
      {t('profiles.create.credits.cost', values)}
    </Text>
  );
}
