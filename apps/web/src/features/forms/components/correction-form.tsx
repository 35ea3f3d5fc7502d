import {
  CORRECTION_DEADLINE_DAYS,
  CORRECTION_MESSAGE_MAX,
  ZCreateCorrectionRequest,
  type TUpload,
} from '@centinela/shared';
import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { schemaErrors } from '../../../lib/form-validation.ts';
import { AttachmentsField } from './attachments-field.tsx';
import { useRequestCorrection } from '../api/candidate-page.ts';

/** What the candidate says is wrong, and optionally a document that shows it: a task for the company's reviewer. */
export function CorrectionForm({
  code,
  uploadUrl,
  deadlineDays = CORRECTION_DEADLINE_DAYS,
}: {
  code: string;
  uploadUrl: string;
  /** The owner's term for an answer (its setting). */
  deadlineDays?: number;
}) {
  const { t, i18n } = useTranslation();
  const request = useRequestCorrection(code);
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<TUpload[]>([]);
  const [touched, setTouched] = useState(false);
  const [sent, setSent] = useState(false);
  const label = t('candidate.correction.message');
  const error = schemaErrors(ZCreateCorrectionRequest, { message }, i18n.language, { message: label }).message;
  const submit = () => {
    setTouched(true);
    if (error) return;
    request.mutate(
      { message: message.trim(), ...(files[0] ? { uploadId: files[0].id } : {}) },
      {
        onSuccess: () => {
          setMessage('');
          setFiles([]);
          setTouched(false);
          setSent(true);
        },
      },
    );
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="sm">
        <Textarea
          label={label}
          description={t('candidate.correction.hint', { count: deadlineDays })}
          value={message}
          onChange={(e) => {
            setMessage(e.currentTarget.value);
            setSent(false);
          }}
          error={touched ? error : undefined}
          maxLength={CORRECTION_MESSAGE_MAX}
          withAsterisk
          autosize
          minRows={3}
        />
        <AttachmentsField url={uploadUrl} maxFiles={1} value={files} onChange={setFiles} />
        {request.isError && (
          <Alert color="red" role="alert">
            {errorMessage(t, request.error)}
          </Alert>
        )}
        {sent && (
          <Alert color="green" role="status">
            {t('candidate.correction.sent')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={request.isPending}>
            {t('candidate.correction.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
