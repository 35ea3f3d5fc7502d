import type { TLoginRequest } from '@centinela/shared';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import type { LoginErrors, loginErrors } from '../utils/login-validation.ts';

type Field = keyof TLoginRequest;
type Check = typeof loginErrors;

// The check (the server's ZLoginRequest, zod) loads once the visitor turns to the form, not with the sign-in
// page nor in the seconds after its first paint, when a phone is still busy with the page.
let check: Promise<Check | null> | null = null;
const loadCheck = (): Promise<Check | null> =>
  (check ??= import('../utils/login-validation.ts').then(
    (m) => m.loginErrors,
    () => null,
  ));

/**
 * What signs in: the app's useLogin (TanStack Query) or the sign-in page's own plain action
 * (sign-in/use-sign-in-action.ts). Success stores the session; the page then moves on (SPEC §4).
 */
export type LoginAction = {
  mutate: (values: TLoginRequest) => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
};

/**
 * Email + password sign-in. A field is checked when it loses focus and its message cleared when it
 * changes; a submit checks both.
 */
export function LoginForm({ login }: { login: LoginAction }) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<TLoginRequest>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const labels = { email: t('auth.login.email'), password: t('auth.login.password') };
  const errorsOf = (fn: Check | null, of: TLoginRequest): LoginErrors => (fn ? fn(of, i18n.language, labels) : {});

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const blur = (field: Field) => () =>
    void loadCheck().then((fn) => setErrors((current) => ({ ...current, [field]: errorsOf(fn, values)[field] })));
  // A submit before the check is in waits for it (without it, the server's own check still answers).
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void loadCheck().then((fn) => {
      const found = errorsOf(fn, values);
      setErrors(found);
      if (Object.values(found).every((message) => message === undefined)) login.mutate(values);
    });
  };

  return (
    <form noValidate onSubmit={submit} onFocus={() => void loadCheck()}>
      <Stack>
        {login.isError && (
          <Alert color="red" role="alert">
            {errorMessage(t, login.error)}
          </Alert>
        )}
        <TextInput
          type="email"
          autoComplete="username"
          label={labels.email}
          placeholder={t('auth.login.emailPlaceholder')}
          disabled={login.isPending}
          value={values.email}
          onChange={change('email')}
          onBlur={blur('email')}
          error={errors.email}
        />
        <PasswordInput
          autoComplete="current-password"
          label={labels.password}
          disabled={login.isPending}
          value={values.password}
          onChange={change('password')}
          onBlur={blur('password')}
          error={errors.password}
        />
        <Button type="submit" loading={login.isPending} fullWidth>
          {t('auth.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
