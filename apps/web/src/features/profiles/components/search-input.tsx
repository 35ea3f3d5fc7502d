import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Typing updates the URL after a pause, not on every key (each change refetches the list). */
export function SearchInput({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  // The URL changed elsewhere (reset, back button): show it.
  if (value !== seen) {
    setSeen(value);
    setText(value);
  }
  const commit = useDebouncedCallback((q: string) => onChange(q), 300);
  return (
    <TextInput
      type="search"
      label={t('profiles.filters.search')}
      placeholder={t('profiles.filters.searchPlaceholder')}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      w={{ base: '100%', sm: 260 }}
    />
  );
}
