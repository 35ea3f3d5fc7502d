import { TextInput } from '@mantine/core';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { DROPDOWN_STYLE } from '../../config/dropdown.ts';
import classes from './dropdown.module.css';

export type SelectOption = { value: string; label: string };

type SelectProps = {
  label: string;
  placeholder?: string;
  data: readonly SelectOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  /** A × empties the field (and so does Delete or Backspace); choosing the chosen option again empties it too. */
  clearable?: boolean;
  /** Typing in the field narrows the options to those whose label holds the text. */
  searchable?: boolean;
  w?: number;
};

/**
 * A field that picks one of `data` from a list under it (the ARIA combobox pattern): opened by a click, a
 * tap or the arrow keys; arrows, Home and End move through the options, Enter picks, Escape closes. The
 * options are in the page only while the list is open. Plain React and CSS (dropdown.module.css), so the
 * list's filters cost its first load little and need nothing loaded later.
 */
export function Select({ label, placeholder, data, value, onChange, clearable, searchable, w }: SelectProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const chosen = data.find((option) => option.value === value);
  const needle = query?.toLocaleLowerCase();
  const shown = needle ? data.filter((option) => option.label.toLocaleLowerCase().includes(needle)) : data;
  const optionId = (index: number) => `${id}-${index}`;

  const show = (index = shown.findIndex((option) => option.value === value)) => {
    setActive(Math.max(index, 0));
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
  };
  const pick = (option: SelectOption | undefined) => {
    if (option) onChange(clearable && option.value === value ? null : option.value);
    close();
  };

  useEffect(() => {
    if (open) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = shown.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(active + 1, last),
      ArrowUp: Math.max(active - 1, 0),
      Home: 0,
      End: last,
    };
    if (event.key in moves && (open || event.key.startsWith('Arrow'))) {
      event.preventDefault();
      if (open) setActive(moves[event.key]!);
      else show();
    } else if (event.key === 'Enter' || (event.key === ' ' && !searchable)) {
      event.preventDefault();
      if (open) pick(shown[active]);
      else show();
    } else if (event.key === 'Escape' && open) {
      // Closes the list, not a dialog around the field.
      event.stopPropagation();
      close();
    } else if (clearable && !searchable && (event.key === 'Delete' || event.key === 'Backspace')) {
      onChange(null);
    }
  };

  return (
    <div className={`${classes.root} ${classes.field}`} style={{ width: w }}>
      <TextInput
        id={id}
        label={label}
        placeholder={placeholder}
        role="combobox"
        aria-expanded={open}
        aria-controls={open ? `${id}-list` : undefined}
        aria-autocomplete={searchable ? 'list' : 'none'}
        aria-activedescendant={open && shown.length ? optionId(active) : undefined}
        autoComplete="off"
        readOnly={!searchable}
        pointer={!searchable}
        value={query ?? chosen?.label ?? ''}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          show(0);
        }}
        onClick={() => (open ? close() : show())}
        onKeyDown={onKeyDown}
        onBlur={close}
        // The × is for a pointer or a finger; a keyboard empties the field with Delete.
        rightSection={
          clearable && chosen ? (
            <button
              type="button"
              className={classes.clear}
              tabIndex={-1}
              aria-hidden
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onChange(null)}
            />
          ) : (
            <span className={classes.chevron} />
          )
        }
        rightSectionPointerEvents={clearable && chosen ? 'all' : 'none'}
      />
      {open && (
        <div
          id={`${id}-list`}
          role="listbox"
          aria-label={label}
          className={classes.panel}
          style={DROPDOWN_STYLE}
          // The field keeps the focus while an option is pressed (by mouse or by touch).
          onMouseDown={(event) => event.preventDefault()}
        >
          {shown.map((option, index) => (
            <div
              key={option.value}
              id={optionId(index)}
              role="option"
              aria-selected={option.value === value}
              data-active={index === active || undefined}
              className={classes.item}
              onClick={() => pick(option)}
            >
              {option.label}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
