import type { Country, TPipeline } from '@centinela/shared';
import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { initialState, type WizardState } from '../utils/wizard-state.ts';
import { CsvWizard } from './csv-wizard.tsx';
import { JobsHistory } from './jobs-history.tsx';

type Props = {
  country: Exclude<Country, 'xx'>;
  countryName: string;
  pipelines: TPipeline[];
  listPath: string;
  /** The owner's credits when its plan pays with them (null: not limited, or not known yet). */
  creditBalance: number | null;
  /** The owner requires a consent attestation for the file's persons. */
  consentRequired: boolean;
};

/** The CSV batch upload page: the wizard, and the history of past imports under it. */
export function CsvImportScreen({ country, countryName, pipelines, listPath, creditBalance, consentRequired }: Props) {
  const { t } = useTranslation();
  const [state, setState] = useState<WizardState>(initialState);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('csvImport.title', { country: countryName })}
        </Title>
        <Button component={Link} to={listPath} variant="default">
          {t('csvImport.backToList')}
        </Button>
      </Group>
      <Card withBorder padding="lg">
        <CsvWizard
          country={country}
          pipelines={pipelines}
          creditBalance={creditBalance}
          consentRequired={consentRequired}
          state={state}
          onState={setState}
        />
      </Card>
      <JobsHistory onOpen={(jobId) => setState({ step: 'progress', jobId })} />
    </Stack>
  );
}
