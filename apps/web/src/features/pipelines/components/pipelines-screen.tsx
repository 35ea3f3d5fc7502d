import type { Country, TPipeline } from '@centinela/shared';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageError } from '../../../components/ui/page-error.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { usePipelines } from '../api/get-pipelines.ts';
import { DeletePipelineModal } from './delete-pipeline-modal.tsx';
import { PipelineModal } from './pipeline-modal.tsx';
import { PipelinesTable } from './pipelines-table.tsx';

/** The owner's pipelines: list, create, edit, delete (users with pipelines:manage; the route checks). */
export function PipelinesScreen({ countries }: { countries: Country[] }) {
  const { t } = useTranslation();
  const pipelines = usePipelines();
  const [editing, setEditing] = useState<{ pipeline?: TPipeline } | null>(null);
  const [deleting, setDeleting] = useState<TPipeline | null>(null);
  const items = pipelines.data?.items ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Stack gap={2}>
          <Title order={1}>{t('pipelines.title')}</Title>
          <Text c="dimmed">{t('pipelines.subtitle')}</Text>
        </Stack>
        <Button onClick={() => setEditing({})}>{t('pipelines.add')}</Button>
      </Group>
      {pipelines.isPending && <PageLoader />}
      {pipelines.isError && <PageError error={pipelines.error} onRetry={() => void pipelines.refetch()} />}
      {pipelines.isSuccess && items.length === 0 && (
        <EmptyState title={t('pipelines.emptyTitle')} description={t('pipelines.emptyBody')} />
      )}
      {items.length > 0 && (
        <PipelinesTable pipelines={items} onEdit={(pipeline) => setEditing({ pipeline })} onDelete={setDeleting} />
      )}
      <PipelineModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        pipeline={editing?.pipeline}
        countries={countries}
      />
      <DeletePipelineModal pipeline={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
