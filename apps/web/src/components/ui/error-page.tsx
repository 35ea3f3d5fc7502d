import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { reportError } from '../../lib/error-reporting.ts';
import { normalizeError } from '../../lib/normalize-error.ts';
import { NotFoundPage } from './not-found-page.tsx';

/**
 * The generic error page (SPEC §2): a 404 is the not-found page with its link home; any other error
 * shows its message ('Error' when it has none) and its status, 500 by default.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { message, statusCode } = normalizeError(error);
  if (statusCode === 404) return <NotFoundPage />;
  // A failure the user did not cause (a bug, a 5xx) goes to the error-reporting service when one is set.
  if (statusCode >= 500) reportError(error);
  const text = isApiError(error) ? errorMessage(t, error) : message || t('errorPage.title');
  return (
    <Stack align="flex-start">
      <Title order={1}>{text}</Title>
      <Text c="dimmed">{t('errorPage.status', { status: statusCode })}</Text>
      <Button variant="default" onClick={() => window.location.reload()}>
        {t('errorPage.reload')}
      </Button>
    </Stack>
  );
}
