import {
  BIOMETRIC_CONSENT_VERSION,
  biometricConsentText,
  HEAD_TURNS,
  IDENTITY_MAX_TRIES,
  IDENTITY_PICTURE_KINDS,
  IDENTITY_PICTURE_MAX_BYTES,
  IDENTITY_REQUIRED_KINDS,
  LOCALES,
  type Locale,
  type TPublicIdentityStep,
} from '@centinela/shared';

/**
 * The identity step a candidate sees (the form, or their own page): the biometric consent in every
 * language, and the head-turn challenge, picked here so a prepared video cannot know it in advance.
 */
export function identityStep(input: { company: string; base: string; submitUrl: string | null }): TPublicIdentityStep {
  return {
    consent: {
      version: BIOMETRIC_CONSENT_VERSION,
      text: Object.fromEntries(
        LOCALES.map((l) => [l, biometricConsentText(BIOMETRIC_CONSENT_VERSION, l, input.company)]),
      ) as Record<Locale, string>,
    },
    turn: HEAD_TURNS[Math.floor(Math.random() * HEAD_TURNS.length)]!,
    kinds: [...IDENTITY_PICTURE_KINDS],
    required: [...IDENTITY_REQUIRED_KINDS],
    maxTries: IDENTITY_MAX_TRIES,
    maxBytes: IDENTITY_PICTURE_MAX_BYTES,
    checkUrl: `${input.base}/identity/check`,
    uploadUrl: `${input.base}/identity/pictures`,
    submitUrl: input.submitUrl,
  };
}
