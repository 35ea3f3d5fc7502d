import '@mantine/dates/styles.css';
import { DatePickerInput, DatesProvider, type DatePickerInputProps } from '@mantine/dates';
import { DATES_SETTINGS } from '../../lib/dates.ts';
import { useLocale } from '../../lib/use-locale.ts';

export type DateRangeInputProps = DatePickerInputProps<'range'>;

/**
 * A date-range picker in the page's language (dayjs locale, first day of the week: SPEC §9). The dates
 * kit and dayjs come with it, not with every page: lazy-date-range-input.tsx loads it late.
 */
export default function DateRangeInput(props: DateRangeInputProps) {
  const locale = useLocale();
  return (
    <DatesProvider settings={DATES_SETTINGS[locale]}>
      <DatePickerInput {...props} type="range" />
    </DatesProvider>
  );
}
