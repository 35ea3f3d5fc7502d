import type { TAuthUser } from '@centinela/shared';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SignOutButton } from './sign-out-button.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {children}
    </div>
  );
}

/** Who you are: username, owner and plan (or platform staff, who belong to no owner), and roles. */
export function CurrentUserCard({ user }: { user: TAuthUser }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack>
        <Title order={2}>{t('auth.home.title')}</Title>
        <Field label={t('auth.home.username')}>
          <Text fw={500}>{user.username}</Text>
        </Field>
        <Field label={t('auth.home.owner')}>
          <Text fw={500}>{user.owner ? user.owner.name : t('auth.home.platformStaff')}</Text>
        </Field>
        {user.owner && (
          <Field label={t('auth.home.plan')}>
            <Badge variant="light">{t(`plans.${user.owner.plan}`)}</Badge>
          </Field>
        )}
        <Field label={t('auth.home.roles')}>
          <Group gap="xs">
            {user.roles.map((role) => (
              <Badge key={role} variant="outline">
                {t(`roles.${role}`)}
              </Badge>
            ))}
          </Group>
        </Field>
        <Group justify="flex-end">
          <SignOutButton />
        </Group>
      </Stack>
    </Card>
  );
}
