import { LEGAL_HOLD_REASON_MAX, ZSetHoldRequest } from '@centinela/shared';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonForm } from '../../../components/ui/reason-form.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useChangeLegalHold, useLegalHold } from '../api/legal-hold.ts';

/**
 * A person's legal hold in the flyout (users with retention:manage): who put it, when and why, and the
 * way to put the person on hold (a reason is required) or release them. Retention never deletes a person on hold.
 */
export function LegalHoldPanel({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const hold = useLegalHold(profileId);
  const change = useChangeLegalHold(profileId);
  const [editing, setEditing] = useState(false);

  const submit = (next: string | null) =>
    change.mutate(next, {
      onSuccess: () => {
        setEditing(false);
        notifications.show({
          color: 'green',
          message: t(next === null ? 'profiles.hold.released' : 'profiles.hold.set'),
        });
      },
      onError: (e) => notifications.show({ color: 'red', message: errorMessage(t, e) }),
    });

  if (hold.isPending) return <Skeleton height={60} role="status" aria-label={t('common.loading')} />;
  if (hold.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(t, hold.error)}
      </Alert>
    );
  }
  const current = hold.data.hold;
  return (
    <Paper withBorder p="sm" className="no-print" data-testid="legal-hold">
      <Stack gap="xs">
        {current ? (
          <>
            <Text fw={500}>
              {current.by
                ? t('profiles.hold.since', { date: formatDate(current.at, locale), name: current.by.username })
                : t('profiles.hold.sinceNoUser', { date: formatDate(current.at, locale) })}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {current.reason}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('profiles.hold.none')}
          </Text>
        )}
        {editing && (
          <ReasonForm
            schema={ZSetHoldRequest}
            field="reason"
            maxLength={LEGAL_HOLD_REASON_MAX}
            label={t('profiles.hold.reason')}
            hint={t('profiles.hold.reasonHint')}
            cancelLabel={t('profiles.hold.cancel')}
            submitLabel={t('profiles.hold.confirm')}
            pending={change.isPending}
            onSubmit={submit}
            onCancel={() => setEditing(false)}
          />
        )}
        {!editing && (
          <Group justify="flex-end">
            {current ? (
              <Button variant="default" loading={change.isPending} onClick={() => submit(null)}>
                {t('profiles.hold.release')}
              </Button>
            ) : (
              <Button variant="light" onClick={() => setEditing(true)}>
                {t('profiles.hold.put')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
