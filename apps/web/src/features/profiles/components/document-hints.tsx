import type { TProfileHint } from '@centinela/shared';
import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { DATE_TIME } from '../../../lib/date-formats.ts';

/** Advisory notes under the document field: shown, never blocking the submit (SPEC §5). */
export function DocumentHints({ hints }: { hints: TProfileHint[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (hints.length === 0) return null;
  const text = (h: TProfileHint) => {
    switch (h.hint) {
      case 'too_short':
        return t('profiles.hints.too_short', { min: h.minLength });
      case 'too_long':
        return t('profiles.hints.too_long', { max: h.maxLength });
      case 'invalid_format':
        return t('profiles.hints.invalid_format');
      case 'recently_used':
        return t('profiles.hints.recently_used', { date: formatDate(h.usedAt, locale, DATE_TIME) });
    }
  };
  return (
    <Stack gap={4} role="status" aria-live="polite" data-testid="document-hints">
      {hints.map((h) => (
        <Alert key={h.hint} color="yellow" variant="light" p="xs">
          {text(h)}
        </Alert>
      ))}
    </Stack>
  );
}
