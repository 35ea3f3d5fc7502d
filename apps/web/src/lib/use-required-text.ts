import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaErrors } from './form-validation.ts';

type SafeParser = Parameters<typeof schemaErrors>[0];

/**
 * One required free-text field checked by the server's own schema (a hold's reason, a correction's
 * answer): its value, the message in the reader's language once a submit was tried, and a submit handler
 * that passes the trimmed text on only when the schema accepts it.
 */
export function useRequiredText(schema: SafeParser, field: string, label: string) {
  const { i18n } = useTranslation();
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const error = schemaErrors(schema, { [field]: value }, i18n.language, { [field]: label })[field];
  return {
    /** Spread on the Textarea. */
    inputProps: {
      label,
      value,
      onChange: (e: { currentTarget: { value: string } }) => setValue(e.currentTarget.value),
      error: touched ? error : undefined,
    },
    onSubmit: (send: (text: string) => void) => (e: FormEvent) => {
      e.preventDefault();
      setTouched(true);
      if (!error) send(value.trim());
    },
    reset: () => {
      setValue('');
      setTouched(false);
    },
  };
}
