import type { Country, ReportType, TGetProfileResponse, TPipeline } from '@centinela/shared';
import { Button, Modal, Tabs } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { CandidateForm } from './candidate-form.tsx';
import { PrecandidateForm } from './precandidate-form.tsx';

type AddProfileProps = { countries: Country[]; pipelines: TPipeline[]; lockedReportTypes?: readonly ReportType[]; onCreated?: (p: TGetProfileResponse) => void };

/** "Add profile": a candidate (reports run now) or a pre-candidate (contact first), in one dialog. */
export function AddProfile({ countries, pipelines, lockedReportTypes = [], onCreated }: AddProfileProps) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const created = (profile: TGetProfileResponse) => {
    close();
    onCreated?.(profile);
  };
  return (
    <>
      <Button onClick={open}>{t('profiles.create.open')}</Button>
      <Modal opened={opened} onClose={close} title={t('profiles.create.title')} size="lg">
        <Tabs defaultValue="candidate" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="candidate">{t('profiles.create.candidate')}</Tabs.Tab>
            <Tabs.Tab value="precandidate">{t('profiles.create.precandidate')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="candidate">
            <CandidateForm countries={countries.filter((c) => c !== 'xx')} pipelines={pipelines} lockedReportTypes={lockedReportTypes} onCreated={created} />
          </Tabs.Panel>
          <Tabs.Panel value="precandidate">
            <PrecandidateForm countries={countries.filter((c) => c !== 'xx')} onCreated={created} />
          </Tabs.Panel>
        </Tabs>
      </Modal>
    </>
  );
}
