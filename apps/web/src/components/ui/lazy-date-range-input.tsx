import { TextInput } from '@mantine/core';
import type { DateRangeInputProps } from './date-range-input.tsx';
import { lateAfterPaint } from '../../lib/late-component.tsx';

const DateRangeInput = lateAfterPaint(() => import('./date-range-input.tsx').then((m) => m.default));

/**
 * DateRangeInput, loaded after the page's first paint (issue #11); until then an inert field of the same
 * label and size holds its place, so nothing shifts when the picker arrives.
 */
export function LazyDateRangeInput(props: DateRangeInputProps) {
  const fallback = (
    <TextInput
      label={props.label}
      placeholder={typeof props.placeholder === 'string' ? props.placeholder : undefined}
      w={props.w}
      readOnly
      disabled
    />
  );
  return <DateRangeInput {...props} fallback={fallback} />;
}
