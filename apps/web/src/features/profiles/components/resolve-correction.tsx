import { CORRECTION_RESOLUTION_MAX, ZResolveCorrectionRequest } from '@centinela/shared';
import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { schemaErrors } from '../../../lib/form-validation.ts';
import { useResolveCorrection } from '../api/privacy-requests.ts';

/** The reviewer's answer to a correction: what was changed, or why not. The candidate reads it on their page. */
export function ResolveCorrection({ profileId, requestId }: { profileId: string; requestId: string }) {
  const { t, i18n } = useTranslation();
  const resolve = useResolveCorrection(profileId);
  const [open, setOpen] = useState(false);
  const [resolution, setResolution] = useState('');
  const [touched, setTouched] = useState(false);
  const label = t('profiles.privacy.resolution');
  const error = schemaErrors(ZResolveCorrectionRequest, { resolution }, i18n.language, {
    resolution: label,
  }).resolution;
  if (!open)
    return (
      <Group justify="flex-end">
        <Button size="xs" variant="light" onClick={() => setOpen(true)}>
          {t('profiles.privacy.resolve')}
        </Button>
      </Group>
    );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!error) resolve.mutate({ requestId, resolution: resolution.trim() });
      }}
      noValidate
    >
      <Stack gap="xs">
        <Textarea
          label={label}
          description={t('profiles.privacy.resolutionHint')}
          value={resolution}
          onChange={(e) => setResolution(e.currentTarget.value)}
          error={touched ? error : undefined}
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
