import {
  CONSENT_VERSION,
  requiredCsvFields,
  type Country,
  type CsvDuplicateChoice,
  type TCsvDuplicatesRequest,
  type TPipeline,
} from '@centinela/shared';
import { Stepper } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCsvDuplicates } from '../api/check-duplicates.ts';
import { useStartCsvJob } from '../api/start-csv-job.ts';
import {
  initialState,
  stepIndex,
  typesOf,
  WIZARD_STEPS,
  type ReportChoice,
  type WizardState,
} from '../utils/wizard-state.ts';
import { ImportProgress } from './import-progress.tsx';
import { MatchStep } from './match-step.tsx';
import { ReportsStep } from './reports-step.tsx';
import { ReviewStep } from './review-step.tsx';
import { UploadStep } from './upload-step.tsx';

type Props = {
  country: Exclude<Country, 'xx'>;
  pipelines: TPipeline[];
  creditBalance: number | null;
  consentRequired: boolean;
  state: WizardState;
  onState: (s: WizardState) => void;
};

/** The four steps of SPEC §4 and the job's progress: one state per step, switched on its `step`. */
export function CsvWizard({ country, pipelines, creditBalance, consentRequired, state, onState }: Props) {
  const { t } = useTranslation();
  const start = useStartCsvJob();
  const [startError, setStartError] = useState<unknown>(null);
  // What the job does with rows whose person already exists (the server's default too).
  const [duplicatesChoice, setDuplicatesChoice] = useState<CsvDuplicateChoice>('skip');
  // One consent attestation for the whole file, ticked on the review step.
  const [attested, setAttested] = useState(false);
  // The review step's choices, as the start will send them; the duplicates check reads the file with them.
  const startInput: (TCsvDuplicatesRequest & { id: string }) | null =
    state.step === 'review'
      ? {
          id: state.uploaded.job.id,
          country,
          mode: state.choice.mode,
          mapping: state.mapping,
          ...(state.choice.mode === 'pipeline'
            ? { pipelineId: state.choice.pipelineId ?? undefined }
            : { reportTypes: state.choice.reportTypes }),
        }
      : null;
  const duplicates = useCsvDuplicates(startInput);
  const countryPipelines = pipelines.filter((p) => p.country === country);
  // Pipeline mode when the country has pipelines to pick from, else reports one by one.
  const firstChoice: ReportChoice = countryPipelines.length
    ? { mode: 'pipeline', pipelineId: null }
    : { mode: 'advanced', reportTypes: [] };

  let body: React.ReactNode;
  switch (state.step) {
    case 'upload':
      body = (
        <UploadStep
          uploaded={state.uploaded}
          onUploaded={(uploaded) => onState({ step: 'upload', uploaded })}
          onNext={() =>
            state.uploaded &&
            onState({
              step: 'reports',
              uploaded: state.uploaded,
              choice: firstChoice,
              mapping: state.uploaded.suggestedMapping,
            })
          }
        />
      );
      break;
    case 'reports':
      body = (
        <ReportsStep
          creditBalance={creditBalance}
          country={country}
          pipelines={countryPipelines}
          rows={state.uploaded.job.rowCount ?? 0}
          choice={state.choice}
          onChange={(choice) => onState({ ...state, choice })}
          onBack={() => onState({ step: 'upload', uploaded: state.uploaded })}
          onNext={() => onState({ ...state, step: 'match' })}
        />
      );
      break;
    case 'match':
      body = (
        <MatchStep
          headers={state.uploaded.job.headers}
          required={requiredCsvFields(country, typesOf(state.choice, countryPipelines))}
          mapping={state.mapping}
          onChange={(mapping) => onState({ ...state, mapping })}
          onBack={() => onState({ ...state, step: 'reports' })}
          onNext={() => onState({ ...state, step: 'review' })}
        />
      );
      break;
    case 'review': {
      const types = typesOf(state.choice, countryPipelines);
      body = (
        <ReviewStep
          creditBalance={creditBalance}
          country={country}
          uploaded={state.uploaded}
          choice={state.choice}
          types={types}
          mapping={state.mapping}
          starting={start.isPending}
          error={startError}
          onBack={() => onState({ ...state, step: 'match' })}
          duplicates={{ data: duplicates.data, pending: duplicates.isPending, failed: duplicates.isError }}
          duplicatesChoice={duplicatesChoice}
          onDuplicatesChoice={setDuplicatesChoice}
          consent={{ required: consentRequired, checked: attested, onChange: setAttested }}
          onStart={() => {
            setStartError(null);
            start.mutate(
              {
                ...startInput!,
                duplicates: duplicatesChoice,
                ...(attested && { consentAttestation: { attested: true, consentVersion: CONSENT_VERSION } }),
              },
              { onSuccess: (job) => onState({ step: 'progress', jobId: job.id }), onError: setStartError },
            );
          }}
        />
      );
      break;
    }
    case 'progress':
      body = (
        <ImportProgress
          jobId={state.jobId}
          onAnother={() => {
            setDuplicatesChoice('skip');
            setAttested(false);
            onState(initialState);
          }}
        />
      );
      break;
  }

  return (
    <>
      <Stepper active={stepIndex(state)} size="sm" mb="lg" allowNextStepsSelect={false}>
        {WIZARD_STEPS.map((s) => (
          <Stepper.Step key={s} label={t(`csvImport.steps.${s}`)} />
        ))}
      </Stepper>
      {body}
    </>
  );
}
