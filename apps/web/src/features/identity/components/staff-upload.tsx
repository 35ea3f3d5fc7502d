import {
  BIOMETRIC_CONSENT_VERSION,
  HEAD_TURNS,
  IDENTITY_PICTURE_KINDS,
  IDENTITY_REQUIRED_KINDS,
  type HeadTurnSide,
  type IdentityPictureKind,
} from '@centinela/shared';
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ComponentProps, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { useUploadIdentity, type StaffPictures } from '../api/identity-report.ts';

/**
 * A staff member adds the pictures an identity report waits for (taken at the desk, or sent by the
 * person another way): the two sides, a selfie, optionally the turned selfie and the side asked, and
 * their word that the person accepted the face comparison. One send starts the check.
 */
export function StaffUpload({
  profileId,
  onDone,
  onCancel,
}: {
  profileId: string;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const upload = useUploadIdentity(profileId);
  const [pictures, setPictures] = useState<StaffPictures>({});
  const [turn, setTurn] = useState<HeadTurnSide>('left');
  const [consent, setConsent] = useState(false);
  const [tried, setTried] = useState(false);
  // One key per filled-in form: a send retried after a lost answer is the same check, not a second one.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const missing = IDENTITY_REQUIRED_KINDS.filter((k) => !pictures[k]);
  const set = (kind: IdentityPictureKind, file: File | null) => {
    setIdempotencyKey(crypto.randomUUID());
    setPictures((all) => {
      const next = { ...all };
      if (file) next[kind] = file;
      else delete next[kind];
      return next;
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (missing.length > 0 || !consent) return;
    upload.mutate(
      { pictures, consentVersion: BIOMETRIC_CONSENT_VERSION, turn, idempotencyKey },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('identity.upload.done') });
          onDone?.();
        },
      },
    );
  };
  return (
    <Paper withBorder p="sm" component="form" onSubmit={submit} noValidate data-testid="identity-upload">
      <Stack gap="sm">
        <Text fw={600}>{t('identity.upload.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('identity.upload.hint')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {IDENTITY_PICTURE_KINDS.map((kind) => (
            <FileInput
              key={kind}
              label={t(`identity.review.pictures.${kind}`)}
              placeholder={t('identity.upload.choose')}
              accept="image/*"
              fileInputProps={{ 'data-kind': kind } as ComponentProps<'input'>}
              clearable
              value={pictures[kind] ?? null}
              onChange={(f) => set(kind, f)}
              withAsterisk={IDENTITY_REQUIRED_KINDS.includes(kind)}
              error={
                tried && IDENTITY_REQUIRED_KINDS.includes(kind) && !pictures[kind]
                  ? t('identity.upload.required')
                  : undefined
              }
            />
          ))}
        </SimpleGrid>
        {pictures.turned_selfie && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id={`turn-${profileId}`}>
              {t('identity.upload.turn')}
            </Text>
            <SegmentedControl
              aria-labelledby={`turn-${profileId}`}
              value={turn}
              onChange={(v) => setTurn(v as HeadTurnSide)}
              data={HEAD_TURNS.map((s) => ({ value: s, label: t(`identity.step.sides.${s}`) }))}
              w="fit-content"
            />
          </Stack>
        )}
        <Checkbox
          label={t('identity.upload.consent', { version: BIOMETRIC_CONSENT_VERSION })}
          checked={consent}
          onChange={(e) => setConsent(e.currentTarget.checked)}
          error={tried && !consent ? t('identity.upload.consentRequired') : undefined}
        />
        {upload.isError && (
          <Alert color="red" role="alert">
            {errorMessage(t, upload.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('identity.review.cancel')}
            </Button>
          )}
          <Button type="submit" loading={upload.isPending}>
            {t('identity.upload.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
