import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';

type PageErrorProps = { error: unknown; onRetry?: () => void };

/** A failed load, in words the user understands, with a way to try again. */
export function PageError({ error, onRetry }: PageErrorProps) {
  const { t } = useTranslation();
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
