import {
  CORRECTION_DEADLINE_MAX,
  CORRECTION_DEADLINE_MIN,
  COUNTRIES,
  OWNER_PLANS,
  plansPayingWithCredits,
  RETENTION_MONTHS_MAX,
  RETENTION_MONTHS_MIN,
  ZCreateOwnerRequest,
  type TOwner,
} from '@centinela/shared';
import {
  Button,
  Divider,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { formErrors } from '../../../lib/form-validation.ts';
import { countryName } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { OWNER_FIELDS, ownerValues, toOwnerRequest, type OwnerValues } from '../utils/owner-values.ts';

type OwnerFormProps = {
  owner?: TOwner;
  canSupport: boolean;
  pending: boolean;
  onSubmit: (values: OwnerValues) => void;
};

/** One owner's fields; plan, credits and the support fields only for support staff (SPEC §6). */
export function OwnerForm({ owner, canSupport, pending, onSubmit }: OwnerFormProps) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const labels = Object.fromEntries(OWNER_FIELDS.map((f) => [f, t(`management.owners.fields.${f}`)])) as Record<
    (typeof OWNER_FIELDS)[number],
    string
  >;
  const form = useForm<OwnerValues>({
    initialValues: ownerValues(owner),
    validateInputOnBlur: true,
    validate: (v) =>
      formErrors(
        ZCreateOwnerRequest,
        toOwnerRequest(v, canSupport) as Record<(typeof OWNER_FIELDS)[number], unknown>,
        t,
        i18n.language,
        labels,
        'management.validation.',
      ),
  });
  const countries = COUNTRIES.filter((c) => c !== 'xx').map((c) => ({ value: c, label: countryName(c, locale) ?? c }));
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="sm">
        <TextInput
          label={labels.codeName}
          description={t('management.owners.codeNameHint')}
          withAsterisk
          autoComplete="off"
          {...form.getInputProps('codeName')}
        />
        <TextInput label={labels.name} withAsterisk {...form.getInputProps('name')} />
        <NumberInput
          label={labels.retentionMonths}
          description={t('management.owners.retentionHint')}
          min={RETENTION_MONTHS_MIN}
          max={RETENTION_MONTHS_MAX}
          allowDecimal={false}
          maw={260}
          {...form.getInputProps('retentionMonths')}
        />
        <Switch
          label={labels.consentAttestationRequired}
          description={t('management.owners.consentAttestationHint')}
          {...form.getInputProps('consentAttestationRequired', { type: 'checkbox' })}
        />
        <Switch
          label={labels.candidateFindingsVisible}
          description={t('management.owners.candidateFindingsHint')}
          {...form.getInputProps('candidateFindingsVisible', { type: 'checkbox' })}
        />
        <NumberInput
          label={labels.correctionDeadlineDays}
          description={t('management.owners.correctionDeadlineHint')}
          min={CORRECTION_DEADLINE_MIN}
          max={CORRECTION_DEADLINE_MAX}
          allowDecimal={false}
          maw={260}
          {...form.getInputProps('correctionDeadlineDays')}
        />
        {canSupport && (
          <>
            <Divider label={t('management.owners.supportSection')} labelPosition="left" />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label={labels.plan}
                data={OWNER_PLANS.map((p) => ({ value: p, label: t(`plans.${p}`) }))}
                allowDeselect={false}
                {...form.getInputProps('plan')}
              />
              {/* Credits mean something on a plan that pays with them only; elsewhere "0" reads as "none left". */}
              {plansPayingWithCredits(form.values.plan) && (
                <>
                  <NumberInput
                    label={labels.creditsInitial}
                    min={0}
                    allowDecimal={false}
                    {...form.getInputProps('creditsInitial')}
                  />
                  <NumberInput
                    label={labels.creditsAvailable}
                    min={0}
                    allowDecimal={false}
                    {...form.getInputProps('creditsAvailable')}
                  />
                </>
              )}
            </SimpleGrid>
            <Switch
              label={labels.deferredApiSync}
              description={t('management.owners.deferredHint')}
              {...form.getInputProps('deferredApiSync', { type: 'checkbox' })}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select label={labels.country} data={countries} clearable {...form.getInputProps('country')} />
              <TextInput label={labels.taxId} {...form.getInputProps('taxId')} />
            </SimpleGrid>
            <TextInput label={labels.billingEmail} type="email" {...form.getInputProps('billingEmail')} />
            <Textarea label={labels.supportNotes} rows={3} {...form.getInputProps('supportNotes')} />
          </>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {t('management.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
