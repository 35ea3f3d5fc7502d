import { TextInput } from '@mantine/core';
import type { DateRangeInputProps } from './date-range-input.tsx';
import { lateAfterPaint } from '../../lib/late-component.tsx';

const DateRangeInput = lateAfterPaint(() => import('./date-range-input.tsx').then((m) => m.default), {
  swap: 'on-intent',
});

/**
 * The picker's text for a range of days kept as YYYY-MM-DD and shown in that format (the persons list's
 * filter), as Mantine writes it ("from – to"); other formats need dayjs, which comes with the picker.
 */
function rangeText({ value, valueFormat }: DateRangeInputProps): string {
  if (valueFormat !== 'YYYY-MM-DD' || !value) return '';
  const [from, to] = value.map((day) => (typeof day === 'string' ? day : null));
  if (!from) return '';
  return to ? `${from} – ${to}` : `${from} – `;
}

/**
 * DateRangeInput, loaded after the page's first paint and shown when the user reaches for it
 * (lib/on-intent.tsx); until then a read-only field of the same label and size holds its place,
 * so nothing shifts when the picker arrives, and a tab or a press on it goes on to the picker.
 */
export function LazyDateRangeInput(props: DateRangeInputProps) {
  const fallback = (
    <TextInput
      label={props.label}
      placeholder={typeof props.placeholder === 'string' ? props.placeholder : undefined}
      value={rangeText(props)}
      w={props.w}
      pointer
      readOnly
    />
  );
  return <DateRangeInput {...props} fallback={fallback} />;
}
