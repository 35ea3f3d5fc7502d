import { TextInput, type ComboboxItem, type SelectProps } from '@mantine/core';
import { lateFloating } from './late-floating.ts';

const Select = lateFloating<SelectProps>((m) => m.Select, { swap: 'on-intent' });

const SIZE = 'calc(0.9375rem * var(--mantine-scale))';
/** The shape of Mantine's Combobox chevron (up and down), drawn without loading Combobox. */
const CHEVRON = (
  <svg
    viewBox="0 0 15 15"
    fill="none"
    stroke="currentColor"
    strokeWidth={0.9}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden
    style={{ width: SIZE, height: SIZE }}
  >
    <path d="M5 5.7l2.5-2.5L10 5.7M5 9.3l2.5 2.5L10 9.3" />
  </svg>
);

/** The label of the chosen option, when `data` is a list of `{ value, label }` or of strings. */
function chosenLabel(data: SelectProps['data'], value: string | null | undefined): string {
  for (const item of data ?? []) {
    if (typeof item === 'string' && item === value) return item;
    if (typeof item === 'object' && 'value' in item && (item as ComboboxItem).value === value)
      return (item as ComboboxItem).label;
  }
  return '';
}

/**
 * Mantine's Select, loaded after the page's first paint (Combobox and @floating-ui stay out of
 * the list's initial JS) and shown when the user reaches for it (lib/on-intent.tsx); until then
 * a read-only field of the same label, value and size holds its place, so nothing shifts when the select
 * arrives, and a tab or a press on it goes on to the select.
 */
export function LazySelect(props: SelectProps) {
  const fallback = (
    <TextInput
      label={props.label}
      placeholder={props.placeholder}
      value={chosenLabel(props.data, props.value)}
      w={props.w}
      rightSection={CHEVRON}
      rightSectionPointerEvents="none"
      pointer
      readOnly
    />
  );
  // Options in the DOM only while open: Mantine keeps a closed Select's list mounted (hidden) and positions
  // it at mount, a forced layout per select that made the filters' arrival one long task.
  return <Select {...props} comboboxProps={{ keepMounted: false, ...props.comboboxProps }} fallback={fallback} />;
}
