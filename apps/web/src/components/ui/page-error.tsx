import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-message.ts';

type PageErrorProps = { error: unknown; onRetry?: () => void };

/** Answers a retry cannot change: the thing is not there, or not the caller's (a 408 or 429 may pass). */
const isFinal = (error: unknown) =>
  isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;

/** A failed load, in words the user understands, with a way to try again when trying again can help. */
export function PageError({ error, onRetry: retry }: PageErrorProps) {
  const { t } = useTranslation();
  // An unknown person id answers 404 for good: "Try again" would only ask the same question.
  const onRetry = isFinal(error) ? undefined : retry;
  return (
    <Stack align="flex-start">
      <Alert color="red" role="alert" title={t('errorPage.title')}>
        {errorMessage(t, error)}
      </Alert>
      {onRetry && (
        <Button variant="default" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </Stack>
  );
}
