import type { Country } from '@centinela/shared';
import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/** A number as people in each country write it, with its prefix: the example follows the person's country. */
const EXAMPLE_PHONES: Record<Exclude<Country, 'xx'>, string> = {
  ar: '+54 9 11 2345-6789',
  br: '+55 11 91234-5678',
  cl: '+56 9 1234 5678',
  co: '+57 300 123 4567',
  cr: '+506 8312 3456',
  ec: '+593 99 123 4567',
  mx: '+52 55 1234 5678',
  pa: '+507 6123 4567',
  pe: '+51 912 345 678',
};

const examplePhone = (country: string | null | undefined): string | undefined =>
  country && Object.hasOwn(EXAMPLE_PHONES, country)
    ? EXAMPLE_PHONES[country as keyof typeof EXAMPLE_PHONES]
    : undefined;

/**
 * Email and phone; the phone needs its country prefix (SPEC §5), which the description says up front with the
 * person's country's prefix (a Colombian's is +57, not the interface language's country's).
 */
export function ContactFields({
  form,
  country,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- shared by both forms, whose values differ elsewhere
  form: UseFormReturnType<any>;
  country: string | null | undefined;
}) {
  const { t } = useTranslation();
  const example = examplePhone(country);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput type="email" label={t('profiles.fields.email')} autoComplete="off" {...form.getInputProps('email')} />
      <TextInput
        type="tel"
        label={t('profiles.fields.phone')}
        description={
          example
            ? t('profiles.create.phoneHint', { prefix: example.split(' ')[0] })
            : t('profiles.create.phoneHintAny')
        }
        placeholder={example}
        {...form.getInputProps('phone')}
      />
    </SimpleGrid>
  );
}
