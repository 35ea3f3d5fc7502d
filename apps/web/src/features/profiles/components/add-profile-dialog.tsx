import {
  CONSENT_VERSION,
  type Country,
  type ReportType,
  type TGetProfileResponse,
  type TPipeline,
} from '@centinela/shared';
import { Modal, Tabs } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenAfterMount } from '../../../components/ui/use-open-after-mount.ts';
import { ConsentAttestationContext } from '../hooks/consent-attestation.ts';
import { CandidateForm } from './candidate-form.tsx';
import { ConsentAttestationField } from './consent-attestation-field.tsx';
import { PrecandidateForm } from './precandidate-form.tsx';

type AddProfileDialogProps = {
  opened: boolean;
  onClose: () => void;
  countries: Country[];
  pipelines: TPipeline[];
  lockedReportTypes: readonly ReportType[];
  creditBalance: number | null;
  /** The owner requires a consent attestation: submitting waits for the checkbox. */
  consentRequired: boolean;
  onCreated: (p: TGetProfileResponse) => void;
};

/**
 * The "Add profile" dialog: a candidate (reports run now) or a pre-candidate (contact first). Its own
 * chunk: the forms, their schemas and the phone metadata load when it is first opened.
 */
export default function AddProfileDialog({
  opened,
  onClose,
  countries,
  pipelines,
  lockedReportTypes,
  creditBalance,
  consentRequired,
  onCreated,
}: AddProfileDialogProps) {
  const { t } = useTranslation();
  const shown = useOpenAfterMount(opened);
  const [attested, setAttested] = useState(false);
  const consent = useMemo(
    () => ({
      attestation: attested ? { attested: true as const, consentVersion: CONSENT_VERSION } : undefined,
      blocked: consentRequired && !attested,
    }),
    [attested, consentRequired],
  );
  return (
    <Modal opened={shown} onClose={onClose} title={t('profiles.create.title')} size="lg">
      <ConsentAttestationField required={consentRequired} checked={attested} onChange={setAttested} />
      <ConsentAttestationContext.Provider value={consent}>
        <Tabs defaultValue="candidate" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="candidate">{t('profiles.create.candidate')}</Tabs.Tab>
            <Tabs.Tab value="precandidate">{t('profiles.create.precandidate')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="candidate">
            <CandidateForm
              countries={countries.filter((c) => c !== 'xx')}
              pipelines={pipelines}
              lockedReportTypes={lockedReportTypes}
              creditBalance={creditBalance}
              onCreated={onCreated}
            />
          </Tabs.Panel>
          <Tabs.Panel value="precandidate">
            <PrecandidateForm countries={countries.filter((c) => c !== 'xx')} onCreated={onCreated} />
          </Tabs.Panel>
        </Tabs>
      </ConsentAttestationContext.Provider>
    </Modal>
  );
}
