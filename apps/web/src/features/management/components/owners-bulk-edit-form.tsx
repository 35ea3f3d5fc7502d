import { OWNER_PLANS, type TUpdateOwnersRequest } from '@centinela/shared';
import { Button, Checkbox, Group, NumberInput, Select, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Field = 'plan' | 'creditsAvailable' | 'deferredApiSync';
const CHECKBOX = { type: 'checkbox' } as const;
const F = { plan: 'plan', credits: 'creditsAvailable', deferred: 'deferredApiSync' } as const satisfies Record<
  string,
  Field
>;
type Values = { apply: Field[]; plan: string; creditsAvailable: number | string; deferredApiSync: boolean };

type Props = {
  count: number;
  canSupport: boolean;
  pending: boolean;
  onSubmit: (changes: TUpdateOwnersRequest['changes']) => void;
};

/**
 * The fields several owners may share, each with a "change" box: only ticked fields are sent, so an
 * unticked one keeps each owner's own value.
 */
export function OwnersBulkEditForm({ count, canSupport, pending, onSubmit }: Props) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    initialValues: { apply: [], plan: 'standard', creditsAvailable: 0, deferredApiSync: false },
    validate: {
      apply: (v) => (v.length === 0 ? t('management.bulk.nothingChosen') : null),
      creditsAvailable: (v, all) =>
        all.apply.includes('creditsAvailable') && (v === '' || Number(v) < 0)
          ? t('management.validation.credits')
          : null,
    },
  });
  const { apply } = form.getValues();
  const row = (field: Field, control: ReactNode) => (
    <Group key={field} wrap="nowrap" align="flex-end">
      <Checkbox
        aria-label={t('management.bulk.change', { field: t(`management.owners.fields.${field}`) })}
        checked={apply.includes(field)}
        onChange={(e) =>
          form.setFieldValue('apply', e.currentTarget.checked ? [...apply, field] : apply.filter((f) => f !== field))
        }
        mb={8}
      />
      <div style={{ flex: 1 }}>{control}</div>
    </Group>
  );
  const submit = (v: Values) => {
    const changes: TUpdateOwnersRequest['changes'] = {};
    if (v.apply.includes('plan')) changes.plan = v.plan as (typeof OWNER_PLANS)[number];
    if (v.apply.includes('creditsAvailable')) changes.creditsAvailable = Number(v.creditsAvailable);
    if (v.apply.includes('deferredApiSync')) changes.deferredApiSync = v.deferredApiSync;
    onSubmit(changes);
  };
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('management.owners.bulkIntro', { count })}</Text>
        {canSupport ? (
          <>
            {row(
              F.plan,
              <Select
                label={t('management.owners.fields.plan')}
                data={OWNER_PLANS.map((p) => ({ value: p, label: t(`plans.${p}`) }))}
                allowDeselect={false}
                disabled={!apply.includes(F.plan)}
                {...form.getInputProps(F.plan)}
              />,
            )}
            {row(
              F.credits,
              <NumberInput
                label={t('management.owners.fields.creditsAvailable')}
                min={0}
                allowDecimal={false}
                disabled={!apply.includes(F.credits)}
                {...form.getInputProps(F.credits)}
              />,
            )}
            {row(
              F.deferred,
              <Switch
                label={t('management.owners.fields.deferredApiSync')}
                disabled={!apply.includes(F.deferred)}
                {...form.getInputProps(F.deferred, CHECKBOX)}
              />,
            )}
          </>
        ) : (
          <Text c="dimmed">{t('management.owners.bulkSupportOnly')}</Text>
        )}
        {form.errors.apply && (
          <Text c="red" size="sm" role="alert">
            {form.errors.apply}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={pending} disabled={!canSupport}>
            {t('management.bulk.apply', { count })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
