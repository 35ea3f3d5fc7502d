import { IDENTITY_PICTURE_KINDS, type IdentityPictureKind, type TPublicIdentityStep } from '@centinela/shared';
import { Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useId, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormStepProps } from '../../../lib/form-steps.ts';
import { sendFormPicture } from '../api/form-pictures.ts';
import type { CheckAnswer, SlotState } from '../utils/capture.ts';
import { PictureSlot } from './picture-slot.tsx';

/** The kinds the form asks for on top of the server's required ones: the liveness selfie when offered. */
export function neededKinds(step: TPublicIdentityStep): IdentityPictureKind[] {
  return step.kinds.filter((k) => step.required.includes(k) || k === 'turned_selfie');
}

const CAMERA: Record<IdentityPictureKind, 'environment' | 'user'> = {
  document_front: 'environment',
  document_back: 'environment',
  selfie: 'user',
  turned_selfie: 'user',
};

/**
 * The public form's identity step (lazy, registered by the app layer for a pipeline with the identity
 * document report): the separate biometric consent first, in the candidate's language, then the
 * document's two sides, a selfie and a selfie turning the head the way the form asks. Each picture is
 * checked by the server as it is taken; the form may be sent once the needed ones are in.
 */
export default function IdentityStep({ definition, locale, onChange, showErrors }: FormStepProps) {
  const { t } = useTranslation();
  const step = definition.identity!;
  const titleId = useId();
  const [consent, setConsent] = useState(false);
  const [slots, setSlots] = useState<Partial<Record<IdentityPictureKind, SlotState>>>({});
  const needed = useMemo(() => neededKinds(step), [step]);
  const slotHandlers = useMemo(
    () =>
      Object.fromEntries(
        IDENTITY_PICTURE_KINDS.map((kind) => [kind, (s: SlotState) => setSlots((all) => ({ ...all, [kind]: s }))]),
      ) as Record<IdentityPictureKind, (s: SlotState) => void>,
    [],
  );
  const accepted = step.kinds.flatMap((k) => {
    const s = slots[k];
    return s?.status === 'accepted' ? [s.pictureId] : [];
  });
  const ready = consent && needed.every((k) => slots[k]?.status === 'accepted');
  const key = accepted.join(',');
  // Before paint, not after: a press on "Send" right after the last picture is accepted must see it ready.
  useLayoutEffect(() => {
    onChange({ ready, fields: { identityPictureIds: key ? key.split(',') : [] } });
  }, [ready, key, onChange]);

  const check = useCallback(
    async (kind: IdentityPictureKind, file: File, attempt: number): Promise<CheckAnswer> => {
      const answer = await sendFormPicture(step.uploadUrl, {
        file,
        kind,
        attempt,
        consentVersion: step.consent.version,
        ...(kind === 'turned_selfie' && { turn: step.turn }),
      });
      return answer.stored
        ? { accepted: true, pictureId: answer.picture.id, problems: answer.picture.problems }
        : { accepted: false, problems: answer.problems };
    },
    [step],
  );
  const side = t(`identity.step.sides.${step.turn}`);
  const texts: Record<IdentityPictureKind, { label: string; hint: string }> = {
    document_front: { label: t('identity.step.front'), hint: t('identity.step.frontHint') },
    document_back: { label: t('identity.step.back'), hint: t('identity.step.backHint') },
    selfie: { label: t('identity.step.selfie'), hint: t('identity.step.selfieHint') },
    turned_selfie: { label: t('identity.step.turned', { side }), hint: t('identity.step.turnedHint', { side }) },
  };
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={titleId} data-testid="identity-step">
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {t('identity.step.title')}
        </Title>
        <Text size="sm">{t('identity.step.intro')}</Text>
        <Paper p="sm" bg="var(--mantine-color-default-hover)">
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {t('identity.step.consentTitle')}
            </Text>
            <Text size="sm" data-testid="biometric-consent-text">
              {step.consent.text[locale] ?? step.consent.text.en}
            </Text>
            <Checkbox
              label={t('identity.step.consentLabel')}
              checked={consent}
              onChange={(e) => setConsent(e.currentTarget.checked)}
              error={showErrors && !consent ? t('identity.step.consentRequired') : undefined}
            />
          </Stack>
        </Paper>
        {!consent && (
          <Text size="sm" c="dimmed">
            {t('identity.step.consentFirst')}
          </Text>
        )}
        {step.kinds.map((kind) => (
          <PictureSlot
            key={kind}
            testId={`identity-${kind}`}
            label={needed.includes(kind) ? texts[kind].label : t('identity.step.optional', { what: texts[kind].label })}
            hint={texts[kind].hint}
            capture={CAMERA[kind]}
            maxTries={step.maxTries}
            disabled={!consent}
            check={(file, attempt) => check(kind, file, attempt)}
            onChange={slotHandlers[kind]}
            missing={showErrors && needed.includes(kind) ? t('identity.step.missing') : null}
          />
        ))}
      </Stack>
    </Paper>
  );
}
