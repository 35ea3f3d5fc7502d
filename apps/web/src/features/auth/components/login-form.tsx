import { ZLoginRequest, type TLoginRequest } from '@centinela/shared';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { schemaErrors } from '../../../lib/form-validation.ts';
import { useLogin } from '../api/login.ts';

/** Email + password sign-in. Success stores the session; the sign-in page then moves on (SPEC §4). */
export function LoginForm() {
  const { t, i18n } = useTranslation();
  const login = useLogin();
  const form = useForm<TLoginRequest>({
    initialValues: { email: '', password: '' },
    validateInputOnBlur: true,
    validate: (values) =>
      schemaErrors(ZLoginRequest, values, i18n.language, { email: t('auth.login.email'), password: t('auth.login.password') }),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => login.mutate(values))}>
      <Stack>
        {login.isError && (
          <Alert color="red" role="alert">
            {errorMessage(t, login.error)}
          </Alert>
        )}
        <TextInput
          type="email"
          autoComplete="username"
          label={t('auth.login.email')}
          placeholder={t('auth.login.emailPlaceholder')}
          disabled={login.isPending}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          autoComplete="current-password"
          label={t('auth.login.password')}
          disabled={login.isPending}
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={login.isPending} fullWidth>
          {t('auth.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
