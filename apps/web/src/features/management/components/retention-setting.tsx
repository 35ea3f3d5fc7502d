import { RETENTION_MONTHS_MAX, RETENTION_MONTHS_MIN, zRetentionMonths } from '@centinela/shared';
import { Button, Group, NumberInput, Paper, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { getRetentionPreview, useUpdateRetention } from '../api/retention.ts';
import { ConfirmModal } from './confirm-modal.tsx';

type RetentionSettingProps = { ownerId?: string; current: number | null };

/**
 * The owner's retention: off (persons are kept until someone deletes them) or 1–120 months after the
 * person's last activity. Lowering it asks first when persons would be deleted at the next run, and says how many.
 */
export function RetentionSetting({ ownerId, current }: RetentionSettingProps) {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState(current !== null);
  const [months, setMonths] = useState<number | string>(current ?? 24);
  const [error, setError] = useState<string>();
  const [confirm, setConfirm] = useState<{ months: number; count: number } | null>(null);
  const [checking, setChecking] = useState(false);
  const update = useUpdateRetention();

  const save = (retentionMonths: number | null) =>
    update.mutate(
      { ...(ownerId && { ownerId }), retentionMonths },
      {
        onSuccess: () => {
          setConfirm(null);
          notifications.show({ color: 'green', message: t('management.retention.saved') });
        },
        onError: (e) => notifications.show({ color: 'red', message: errorMessage(t, e) }),
      },
    );

  const submit = async () => {
    if (!enabled) return save(null);
    const parsed = zRetentionMonths.safeParse(typeof months === 'number' ? months : Number.NaN);
    if (!parsed.success || parsed.data === null) return setError(t('management.validation.retentionMonths'));
    setError(undefined);
    const next = parsed.data;
    // Only a shorter retention (or a first one) can make persons expire at once.
    if (current !== null && next >= current) return save(next);
    setChecking(true);
    try {
      const { expireNow } = await getRetentionPreview(next, ownerId);
      if (expireNow > 0) setConfirm({ months: next, count: expireNow });
      else save(next);
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(t, e) });
    } finally {
      setChecking(false);
    }
  };

  return (
    <Paper withBorder p="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Switch
            label={t('management.retention.enabled')}
            description={t('management.retention.enabledHint')}
            checked={enabled}
            onChange={(e) => setEnabled(e.currentTarget.checked)}
          />
          {enabled && (
            <NumberInput
              label={t('management.retention.months')}
              description={t('management.retention.monthsHint')}
              min={RETENTION_MONTHS_MIN}
              max={RETENTION_MONTHS_MAX}
              allowDecimal={false}
              value={months}
              onChange={setMonths}
              error={error}
              maw={260}
            />
          )}
          {!enabled && <Text c="dimmed">{t('management.retention.off')}</Text>}
          <Group justify="flex-end">
            <Button type="submit" loading={checking || (update.isPending && !confirm)}>
              {t('management.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmModal
        opened={confirm !== null}
        title={t('management.retention.confirmTitle')}
        body={t('management.retention.confirmBody', { count: confirm?.count ?? 0, months: confirm?.months ?? 0 })}
        confirmLabel={t('management.retention.confirm')}
        danger
        pending={update.isPending}
        onConfirm={() => confirm && save(confirm.months)}
        onClose={() => setConfirm(null)}
      />
    </Paper>
  );
}
