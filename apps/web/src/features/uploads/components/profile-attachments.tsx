import { UPLOAD_ACCEPT } from '@centinela/shared';
import { Anchor, Button, FileButton, Group, List, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatNumber } from '../../../lib/format.ts';
import { uploadFile } from '../../../lib/upload.ts';
import { useJustCompleted } from '../../../lib/use-just-completed.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { downloadUpload } from '../api/download-upload.ts';
import { uploadsKey, useUploads } from '../../../lib/person-uploads.ts';

/** A person's documents (the candidate's from a form, or staff's): download, and attach more with profiles:write. */
export function ProfileAttachments({ profileId, canUpload }: { profileId: string; canUpload: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const files = useUploads(profileId);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  // A file just attached stands out for a moment (SPEC §9: the upload's just-complete highlight).
  const justCompleted = useJustCompleted();
  const showError = (e: unknown) =>
    notifications.show({
      color: 'red',
      message: e instanceof Error && e.name === 'NoUploaderError' ? e.message : errorMessage(t, e),
    });
  const attach = async (picked: File[]) => {
    setBusy(true);
    try {
      for (const file of picked) justCompleted.mark((await uploadFile(file, { query: { profileId } })).id);
      notifications.show({ color: 'green', message: t('uploads.attached') });
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: uploadsKey(profileId) });
    }
  };
  const items = files.data?.items ?? [];
  return (
    <Stack gap="xs" mt="lg">
      <Group justify="space-between">
        <Title order={3} size="h5">
          {t('uploads.title')}
        </Title>
        {canUpload && (
          <FileButton onChange={(picked) => void attach(picked)} accept={UPLOAD_ACCEPT} multiple>
            {(props) => (
              <Button {...props} size="xs" variant="light" loading={busy}>
                {t('uploads.attach')}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {files.isSuccess && items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('uploads.none')}
        </Text>
      )}
      {items.length > 0 && (
        <List size="sm">
          {items.map((f) => (
            <List.Item
              key={f.id}
              bg={justCompleted.isJustCompleted(f.id) ? 'var(--mantine-color-green-light)' : undefined}
              data-just-uploaded={justCompleted.isJustCompleted(f.id) || undefined}
            >
              <Anchor component="button" type="button" onClick={() => void downloadUpload(f).catch(showError)}>
                {f.fileName}
              </Anchor>{' '}
              <Text span size="xs" c="dimmed">
                {t('uploads.size', { size: formatNumber(Math.max(1, Math.round(f.size / 1024)), locale) })}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
