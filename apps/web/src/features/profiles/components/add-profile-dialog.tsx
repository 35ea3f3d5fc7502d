import type { Country, ReportType, TGetProfileResponse, TPipeline } from '@centinela/shared';
import { Modal, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOpenAfterMount } from '../../../components/ui/use-open-after-mount.ts';
import { CandidateForm } from './candidate-form.tsx';
import { PrecandidateForm } from './precandidate-form.tsx';

type AddProfileDialogProps = {
  opened: boolean;
  onClose: () => void;
  countries: Country[];
  pipelines: TPipeline[];
  lockedReportTypes: readonly ReportType[];
  onCreated: (p: TGetProfileResponse) => void;
};

/**
 * The "Add profile" dialog: a candidate (reports run now) or a pre-candidate (contact first). Its own
 * chunk (issue #11): the forms, their schemas and the phone metadata load when it is first opened.
 */
export default function AddProfileDialog({ opened, onClose, countries, pipelines, lockedReportTypes, onCreated }: AddProfileDialogProps) {
  const { t } = useTranslation();
  const shown = useOpenAfterMount(opened);
  return (
    <Modal opened={shown} onClose={onClose} title={t('profiles.create.title')} size="lg">
      <Tabs defaultValue="candidate" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="candidate">{t('profiles.create.candidate')}</Tabs.Tab>
          <Tabs.Tab value="precandidate">{t('profiles.create.precandidate')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="candidate">
          <CandidateForm countries={countries.filter((c) => c !== 'xx')} pipelines={pipelines} lockedReportTypes={lockedReportTypes} onCreated={onCreated} />
        </Tabs.Panel>
        <Tabs.Panel value="precandidate">
          <PrecandidateForm countries={countries.filter((c) => c !== 'xx')} onCreated={onCreated} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
