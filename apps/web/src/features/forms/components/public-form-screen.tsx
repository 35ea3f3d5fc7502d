import { Alert, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageError } from '../../../components/ui/page-error.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { usePublicForm } from '../api/get-public-form.ts';
import { CandidateForm } from './candidate-form.tsx';

/** /forms/{code}: the candidate's form, its success screen, or SPEC §8 "The form is no longer valid". */
export function PublicFormScreen({ code }: { code: string }) {
  const { t } = useTranslation();
  const form = usePublicForm(code);
  const [state, setState] = useState<'filling' | 'done' | 'invalid'>('filling');
  const invalid =
    state === 'invalid' ||
    (form.isError && isApiError(form.error) && (form.error.code === 'form_invalid' || form.error.status === 404));
  // The company and the purpose, not the link's code (issue #22); the tab says the same.
  const title = form.isSuccess ? t('forms.public.title', { company: form.data.company }) : t('forms.title');
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
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
          {t('forms.public.doneBody', { company: form.data.company })}
        </Alert>
      )}
      {form.isSuccess && state === 'filling' && (
        <>
          <Text c="dimmed">
            {t('forms.public.intro', { company: form.data.company, pipeline: form.data.pipelineName })}
          </Text>
          <CandidateForm definition={form.data} onDone={() => setState('done')} onInvalid={() => setState('invalid')} />
        </>
      )}
    </Stack>
  );
}
