import { LOCALES, ZCreateFormLinkRequest, type Locale, type TFormLink, type TPipeline } from '@centinela/shared';
import { Button, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { formErrors } from '../../../lib/form-validation.ts';
import { countryName } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useCreateFormLink } from '../api/create-form-link.ts';
import { defaultExpiryDate, endOfDay } from '../utils/expiry.ts';

type Values = { pipelineId: string; expiresOn: string; singleUse: boolean; label: string; locale: Locale };

/** A new link: which pipeline runs, until which day it works, and whether one candidate or many may use it. */
export function CreateFormLinkModal({
  opened,
  onClose,
  onCreated,
  pipelines,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (link: TFormLink) => void;
  pipelines: TPipeline[];
}) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const create = useCreateFormLink();
  const labels = {
    pipelineId: t('forms.create.pipeline'),
    expiresAt: t('forms.create.expiresOn'),
    label: t('forms.create.label'),
    locale: t('forms.create.language'),
  };
  const request = (v: Values) => ({
    pipelineId: v.pipelineId,
    expiresAt: v.expiresOn ? endOfDay(v.expiresOn) : '',
    singleUse: v.singleUse,
    label: v.label.trim() || null,
    locale: v.locale,
  });
  const form = useForm<Values>({
    // The form opens in the language these pages are in unless the sender picks the candidate's.
    initialValues: { pipelineId: '', expiresOn: defaultExpiryDate(), singleUse: false, label: '', locale },
    validate: (v) => {
      const { singleUse: _, ...values } = request(v);
      const e = formErrors(ZCreateFormLinkRequest, values, t, i18n.language, labels, 'forms.validation.');
      return { pipelineId: e.pipelineId, expiresOn: e.expiresAt, label: e.label };
    },
  });
  const submit = form.onSubmit((v) =>
    create.mutate(request(v), {
      onSuccess: (link) => {
        notifications.show({ color: 'green', message: t('forms.create.done') });
        form.reset();
        onClose();
        onCreated(link);
      },
      onError: (e) => notifications.show({ color: 'red', message: errorMessage(t, e) }),
    }),
  );
  return (
    <Modal opened={opened} onClose={onClose} title={t('forms.create.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label={labels.pipelineId}
            placeholder={t('forms.create.pipelinePlaceholder')}
            data={pipelines.map((p) => ({
              value: p.id,
              label: `${p.name} — ${countryName(p.country, locale) ?? p.country}`,
            }))}
            nothingFoundMessage={t('forms.create.noPipelines')}
            withAsterisk
            searchable
            {...form.getInputProps('pipelineId')}
          />
          <Select
            label={t('forms.create.language')}
            description={t('forms.create.languageHint')}
            data={LOCALES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
            allowDeselect={false}
            {...form.getInputProps('locale')}
          />
          <TextInput type="date" label={labels.expiresAt} withAsterisk {...form.getInputProps('expiresOn')} />
          <Switch
            label={t('forms.create.singleUse')}
            description={t('forms.create.singleUseHint')}
            {...form.getInputProps('singleUse', { type: 'checkbox' })}
          />
          <TextInput label={labels.label} description={t('forms.create.labelHint')} {...form.getInputProps('label')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('forms.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('forms.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
