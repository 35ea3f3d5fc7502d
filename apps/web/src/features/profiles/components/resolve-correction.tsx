import { CORRECTION_RESOLUTION_MAX, ZResolveCorrectionRequest } from '@centinela/shared';
import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { useRequiredText } from '../../../lib/use-required-text.ts';
import { useResolveCorrection } from '../api/privacy-requests.ts';

/** The reviewer's answer to a correction: what was changed, or why not. The candidate reads it on their page. */
export function ResolveCorrection({ profileId, requestId }: { profileId: string; requestId: string }) {
  const { t } = useTranslation();
  const resolve = useResolveCorrection(profileId);
  const [open, setOpen] = useState(false);
  const resolution = useRequiredText(ZResolveCorrectionRequest, 'resolution', t('profiles.privacy.resolution'));
  if (!open)
    return (
      <Group justify="flex-end">
        <Button size="xs" variant="light" onClick={() => setOpen(true)}>
          {t('profiles.privacy.resolve')}
        </Button>
      </Group>
    );
  return (
    <form onSubmit={resolution.onSubmit((text) => resolve.mutate({ requestId, resolution: text }))} noValidate>
      <Stack gap="xs">
        <Textarea
          {...resolution.inputProps}
          description={t('profiles.privacy.resolutionHint')}
          maxLength={CORRECTION_RESOLUTION_MAX}
          withAsterisk
          autosize
          minRows={2}
        />
        {resolve.isError && (
          <Alert color="red" role="alert">
            {errorMessage(t, resolve.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={() => setOpen(false)}>
            {t('profiles.privacy.cancel')}
          </Button>
          <Button type="submit" size="xs" loading={resolve.isPending}>
            {t('profiles.privacy.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
