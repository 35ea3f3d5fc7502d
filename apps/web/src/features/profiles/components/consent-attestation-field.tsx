import { CONSENT_VERSION } from '@centinela/shared';
import { Checkbox } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type ConsentAttestationFieldProps = { required: boolean; checked: boolean; onChange: (checked: boolean) => void };

/** "I confirm the candidate consented…" with the consent text's version; required when the owner says so. */
export function ConsentAttestationField({ required, checked, onChange }: ConsentAttestationFieldProps) {
  const { t } = useTranslation();
  return (
    <Checkbox
      mb="md"
      label={t('profiles.create.consentAttestation', { version: CONSENT_VERSION })}
      description={required ? t('profiles.create.consentAttestationRequired') : undefined}
      required={required}
      checked={checked}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
}
