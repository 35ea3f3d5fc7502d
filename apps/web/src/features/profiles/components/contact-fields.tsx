import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/** Email and phone; the phone needs its country prefix (SPEC §5), which the description says up front. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- shared by both forms, whose values differ elsewhere
export function ContactFields({ form }: { form: UseFormReturnType<any> }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput type="email" label={t('profiles.fields.email')} autoComplete="off" {...form.getInputProps('email')} />
      <TextInput
        type="tel"
        label={t('profiles.fields.phone')}
        description={t('profiles.create.phoneHint')}
        placeholder={t('profiles.create.phonePlaceholder')}
        {...form.getInputProps('phone')}
      />
    </SimpleGrid>
  );
}
