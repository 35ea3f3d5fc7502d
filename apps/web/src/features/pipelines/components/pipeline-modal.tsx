import { ZCreatePipelineRequest, ZUpdatePipelineRequest, type Country, type TPipeline } from '@centinela/shared';
import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { useCreatePipeline } from '../api/create-pipeline.ts';
import { useUpdatePipeline } from '../api/update-pipeline.ts';
import { PipelineForm, toPipelineRequest, type PipelineValues } from './pipeline-form.tsx';

type PipelineModalProps = { opened: boolean; onClose: () => void; pipeline?: TPipeline; countries: Country[] };

/** Creates a pipeline, or edits `pipeline` when given. */
export function PipelineModal({ opened, onClose, pipeline, countries }: PipelineModalProps) {
  const { t } = useTranslation();
  const create = useCreatePipeline();
  const update = useUpdatePipeline();
  const done = {
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('pipelines.saved') });
      onClose();
    },
    onError: (e: unknown) =>
      notifications.show({ color: 'red', title: t('pipelines.failed'), message: errorMessage(t, e) }),
  };
  // The form has validated with the same schema, so parsing only narrows the types.
  const submit = (values: PipelineValues) =>
    pipeline
      ? update.mutate({ id: pipeline.id, input: ZUpdatePipelineRequest.parse(toPipelineRequest(values)) }, done)
      : create.mutate(ZCreatePipelineRequest.parse(toPipelineRequest(values)), done);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={pipeline ? t('pipelines.editTitle') : t('pipelines.createTitle')}
      size="lg"
    >
      {/* Keyed so reopening on another pipeline starts from its values. */}
      <PipelineForm
        key={pipeline?.id ?? 'new'}
        pipeline={pipeline}
        countries={countries}
        pending={create.isPending || update.isPending}
        onSubmit={submit}
      />
    </Modal>
  );
}
