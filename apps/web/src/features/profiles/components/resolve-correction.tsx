import { CORRECTION_RESOLUTION_MAX, ZResolveCorrectionRequest } from '@centinela/shared';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonForm } from '../../../components/ui/reason-form.tsx';
import { useResolveCorrection } from '../api/privacy-requests.ts';

/** The reviewer's answer to a correction: what was changed, or why not. The candidate reads it on their page. */
export function ResolveCorrection({ profileId, requestId }: { profileId: string; requestId: string }) {
  const { t } = useTranslation();
  const resolve = useResolveCorrection(profileId);
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Group justify="flex-end">
        <Button size="xs" variant="light" onClick={() => setOpen(true)}>
          {t('profiles.privacy.resolve')}
        </Button>
      </Group>
    );
  return (
    <ReasonForm
      schema={ZResolveCorrectionRequest}
      field="resolution"
      maxLength={CORRECTION_RESOLUTION_MAX}
      label={t('profiles.privacy.resolution')}
      hint={t('profiles.privacy.resolutionHint')}
      cancelLabel={t('profiles.privacy.cancel')}
      submitLabel={t('profiles.privacy.send')}
      pending={resolve.isPending}
      onSubmit={(text) => resolve.mutate({ requestId, resolution: text })}
      onCancel={() => setOpen(false)}
      error={resolve.isError ? resolve.error : undefined}
      size="xs"
    />
  );
}
