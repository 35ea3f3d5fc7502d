import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../hooks/use-sign-out.ts';

export function SignOutButton() {
  const { t } = useTranslation();
  const { signOut, pending } = useSignOut();
  return (
    <Button variant="default" loading={pending} onClick={signOut}>
      {t('auth.logout.submit')}
    </Button>
  );
}
