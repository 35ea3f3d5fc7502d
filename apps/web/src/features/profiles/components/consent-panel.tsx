import type { TPersonConsent } from '@centinela/shared';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short' };

/** How the person's consent was obtained (issue #25): their form, an attestation, or not recorded. */
export function ConsentPanel({ consent }: { consent: TPersonConsent | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!consent) return <Text size="sm">{t('profiles.consent.none')}</Text>;
  const date = formatDate(consent.at, locale, DATE_TIME);
  const text =
    consent.how === 'form'
      ? t('profiles.consent.form', { date, version: consent.version })
      : consent.by
        ? t('profiles.consent.attested', { date, version: consent.version, name: consent.by })
        : t('profiles.consent.attestedNoName', { date, version: consent.version });
  return (
    <Text size="sm" data-testid="profile-consent">
      {text}
    </Text>
  );
}
