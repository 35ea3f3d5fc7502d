import type { TPublicIdentityStep } from '@centinela/shared';
import { Alert, Button, Loader, Stack } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { FormStep, type FormStepValue } from '../../../lib/form-steps.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useSubmitIdentity } from '../api/candidate-page.ts';

/**
 * The identity step on the candidate's own page, for a person whose identity report waits for their
 * pictures (created by CSV, the dashboard or the API): the form's step, then one press that starts the check.
 */
export function CandidateIdentity({ code, step }: { code: string; step: TPublicIdentityStep }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const submit = useSubmitIdentity(code, step.submitUrl ?? '');
  const [value, setValue] = useState<FormStepValue>({ ready: false, fields: {} });
  const [tried, setTried] = useState(false);
  const onChange = useCallback((v: FormStepValue) => setValue(v), []);
  return (
    <Stack gap="sm" data-testid="candidate-identity">
      <FormStep
        stepKey="identity"
        definition={{ identity: step }}
        locale={locale}
        onChange={onChange}
        showErrors={tried}
        fallback={<Loader size="sm" role="status" aria-label={t('common.loading')} />}
      />
      {submit.isError && (
        <Alert color="red" role="alert">
          {errorMessage(t, submit.error)}
        </Alert>
      )}
      <Button
        size="md"
        fullWidth
        loading={submit.isPending}
        onClick={() => {
          setTried(true);
          if (value.ready) submit.mutate();
        }}
      >
        {t('candidate.identity.send')}
      </Button>
    </Stack>
  );
}
