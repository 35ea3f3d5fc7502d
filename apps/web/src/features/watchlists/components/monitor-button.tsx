import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale.ts';

/** The API takes at most this many persons per request (ZEnrolRequest). */
const MAX_PERSONS = 1000;

/**
 * The persons list's bulk action: the selected persons are screened again whenever a watch list changes.
 * Only persons picked one by one (ids); "all matching" is a filter, which enrolment does not take. What a
 * press does (the request, its toasts) loads when pressed (monitor-picked.ts): the list shows the button only.
 */
export function MonitorButton({ profileIds }: { profileIds: readonly string[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  const press = () => {
    setPending(true);
    void import('./monitor-picked.ts')
      .then((m) => m.monitorPicked(profileIds, t, locale, client))
      .finally(() => setPending(false));
  };
  return (
    <Button
      variant="default"
      disabled={profileIds.length === 0 || profileIds.length > MAX_PERSONS}
      loading={pending}
      onClick={press}
    >
      {t('watchlists.monitor.action')}
    </Button>
  );
}
