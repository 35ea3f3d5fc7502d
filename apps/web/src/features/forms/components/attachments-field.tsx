import { UPLOAD_ACCEPT, type TUpload } from '@centinela/shared';
import { Button, FileButton, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { uploadFile } from '../../../lib/upload.ts';
import { useJustCompleted } from '../../../lib/use-just-completed.ts';

/** Optional documents: each is uploaded as soon as it is picked (the server checks its type by content). */
export function AttachmentsField({
  url,
  maxFiles,
  value,
  onChange,
}: {
  url: string;
  maxFiles: number;
  value: TUpload[];
  onChange: (files: TUpload[]) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A file just uploaded stands out for a moment (SPEC §9: the upload's just-complete highlight).
  const justCompleted = useJustCompleted();
  const pick = async (files: File[]) => {
    setBusy(true);
    setError(null);
    const added: TUpload[] = [];
    try {
      for (const file of files.slice(0, maxFiles - value.length)) {
        const upload = await uploadFile(file, { url });
        added.push(upload);
        justCompleted.mark(upload.id);
      }
    } catch (e) {
      setError(e instanceof Error && e.name === 'NoUploaderError' ? e.message : errorMessage(t, e));
    } finally {
      setBusy(false);
      onChange([...value, ...added]);
    }
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('forms.public.attachments')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('forms.public.attachmentsHint', { count: maxFiles })}
      </Text>
      {value.length > 0 && (
        <List size="sm">
          {value.map((f) => (
            <List.Item
              key={f.id}
              bg={justCompleted.isJustCompleted(f.id) ? 'var(--mantine-color-green-light)' : undefined}
              data-just-uploaded={justCompleted.isJustCompleted(f.id) || undefined}
            >
              <Group gap="xs">
                <Text size="sm">{f.fileName}</Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => onChange(value.filter((x) => x.id !== f.id))}
                >
                  {t('forms.public.removeFile')}
                </Button>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {value.length < maxFiles && (
        <FileButton onChange={(files) => void pick(files)} accept={UPLOAD_ACCEPT} multiple>
          {(props) => (
            <Button {...props} variant="light" loading={busy} w="fit-content">
              {t('forms.public.addFiles')}
            </Button>
          )}
        </FileButton>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
