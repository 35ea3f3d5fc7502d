import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageError } from '../../../components/ui/page-error.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePublicForm } from '../api/get-public-form.ts';
import { CandidateForm } from './candidate-form.tsx';

/** /forms/{code}: the candidate's form, its success screen, or SPEC §8 "The form is no longer valid". */
export function PublicFormScreen({ code }: { code: string }) {
  const { t } = useTranslation();
  const form = usePublicForm(code);
  const [state, setState] = useState<'filling' | 'done' | 'invalid'>('filling');
  const [candidatePath, setCandidatePath] = useState<string | null>(null);
  const invalid =
    state === 'invalid' ||
    (form.isError && isApiError(form.error) && (form.error.code === 'form_invalid' || form.error.status === 404));
  // The company and the purpose, not the link's code; the tab says the same.
  const title = form.isSuccess ? t('forms.public.title', { company: form.data.company }) : t('forms.title');
  useDocumentTitle(title);
  return (
    <Stack>
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      {form.isPending && <PageLoader />}
      {invalid && (
        <Alert color="red" title={t('forms.public.invalidTitle')} role="alert">
          {t('forms.public.invalid')}
        </Alert>
      )}
      {form.isError && !invalid && <PageError error={form.error} onRetry={() => void form.refetch()} />}
      {form.isSuccess && !invalid && state === 'done' && (
        <Alert color="green" title={t('forms.public.doneTitle')} role="status">
          <Stack gap="xs">
            <Text size="sm">{t('forms.public.doneBody', { company: form.data.company })}</Text>
            {candidatePath && (
              <Text size="sm">
                {t('forms.public.candidatePage')}{' '}
                <Anchor component={Link} to={candidatePath} data-testid="candidate-page-link">
                  {t('forms.public.candidatePageLink')}
                </Anchor>
              </Text>
            )}
          </Stack>
        </Alert>
      )}
      {form.isSuccess && state === 'filling' && (
        <>
          <Text c="dimmed">
            {t('forms.public.intro', { company: form.data.company, pipeline: form.data.pipelineName })}
          </Text>
          <CandidateForm
            definition={form.data}
            onDone={(path) => {
              setCandidatePath(path);
              setState('done');
            }}
            onInvalid={() => setState('invalid')}
          />
        </>
      )}
    </Stack>
  );
}
