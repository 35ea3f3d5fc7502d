import type { TLoginRequest } from '@centinela/shared';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { schemaErrors } from '../../../lib/form-validation.ts';
import { useLogin } from '../api/login.ts';

type Schema = Parameters<typeof schemaErrors>[0];
// The server's ZLoginRequest (zod) loads after the first paint, not with the sign-in page (issue #11).
const loadSchema = (): Promise<Schema | null> =>
  import('@centinela/shared/auth/schemas').then(
    (m) => m.ZLoginRequest,
    () => null,
  );

/** Email + password sign-in. Success stores the session; the sign-in page then moves on (SPEC §4). */
export function LoginForm() {
  const { t, i18n } = useTranslation();
  const login = useLogin();
  const schema = useRef<Schema | null>(null);
  useEffect(() => {
    void loadSchema().then((loaded) => {
      schema.current = loaded;
    });
  }, []);
  const form = useForm<TLoginRequest>({
    initialValues: { email: '', password: '' },
    validateInputOnBlur: true,
    validate: (values) =>
      schema.current
        ? schemaErrors(schema.current, values, i18n.language, { email: t('auth.login.email'), password: t('auth.login.password') })
        : {},
  });
  // A submit before the schema is in waits for it (without it, the server's own check still answers).
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void (schema.current ? Promise.resolve(schema.current) : loadSchema()).then((loaded) => {
      schema.current = loaded;
      form.onSubmit((values) => login.mutate(values))();
    });
  };

  return (
    <form noValidate onSubmit={submit}>
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
