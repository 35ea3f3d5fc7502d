import { Group, Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { Country } from '@centinela/shared';
import { COMBOBOX_PROPS } from '../../../config/dropdown.ts';
import { countryName } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import type { CandidateValues } from '../utils/candidate.ts';
import { CALLING_CODES } from '../utils/phone.ts';

/** SPEC §5: the phone carries its country prefix; the prefix is chosen, the number typed. */
export function PhoneField({ form, required }: { form: UseFormReturnType<CandidateValues>; required: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const prefixes = Object.entries(CALLING_CODES).map(([country, code]) => ({
    value: code,
    label: `+${code} ${countryName(country as Country, locale) ?? country}`,
  }));
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Select
        label={t('forms.public.phonePrefix')}
        data={prefixes}
        allowDeselect={false}
        w={130}
        comboboxProps={{ ...COMBOBOX_PROPS, width: 220, position: 'bottom-start' }}
        renderOption={({ option }) => option.label}
        {...form.getInputProps('phonePrefix')}
      />
      <TextInput
        style={{ flex: 1 }}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        label={t('forms.public.phone')}
        withAsterisk={required}
        {...form.getInputProps('phoneNumber')}
      />
    </Group>
  );
}
