import type { ProfileViewChannel, ProfileViewKind } from '@centinela/shared';
import { Pagination, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageError } from '../../../components/ui/page-error.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { PROFILE_VIEWS_PAGE_SIZE, useProfileViews } from '../api/get-profile-views.ts';
import { DATE_TIME } from '../../../lib/date-formats.ts';

const WHAT = {
  profile: 'profiles.views.what.profile',
  report: 'profiles.views.what.report',
  file: 'profiles.views.what.file',
  recording: 'profiles.views.what.recording',
  transcript: 'profiles.views.what.transcript',
  export: 'profiles.views.what.export',
  pdf: 'profiles.views.what.pdf',
} as const satisfies Record<ProfileViewKind, string>;

const CHANNEL = {
  dashboard: 'profiles.views.channel.dashboard',
  api: 'profiles.views.channel.api',
} as const satisfies Record<ProfileViewChannel, string>;

/**
 * Who saw this person's data: each read by a user or an API key, newest first. Shown only to
 * those allowed to list it (managers and platform staff: the caller checks `can.views`).
 */
export function ProfileViews({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const titleId = useId();
  const [page, setPage] = useState(1);
  const views = useProfileViews(profileId, page);
  const total = views.data?.total ?? 0;
  const items = views.data?.items ?? [];
  return (
    <Stack gap="xs" mt="lg" className="no-print" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId}>
        {t('profiles.views.title')}
      </Title>
      {views.isPending && (
        <Stack role="status" aria-busy="true" aria-label={t('profiles.views.loading')} gap={4}>
          <Skeleton height={20} />
          <Skeleton height={20} />
        </Stack>
      )}
      {views.isError && <PageError error={views.error} onRetry={() => void views.refetch()} />}
      {views.isSuccess && total === 0 && (
        <Text size="sm" c="dimmed">
          {t('profiles.views.none')}
        </Text>
      )}
      {items.length > 0 && (
        <Table fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('profiles.views.when')}</Table.Th>
              <Table.Th>{t('profiles.views.who')}</Table.Th>
              <Table.Th>{t('profiles.views.whatHeading')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((v) => (
              <Table.Tr key={v.id} data-testid="profile-view">
                <Table.Td>
                  {formatDate(v.at, locale, DATE_TIME)}
                  {v.count > 1 && (
                    <Text span size="xs" c="dimmed" display="block">
                      {t('profiles.views.repeated', { count: v.count, last: formatDate(v.lastAt, locale, DATE_TIME) })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text span size="sm" translate="no">
                    {v.viewer.label}
                  </Text>
                  <Text span size="xs" c="dimmed" display="block">
                    {t(CHANNEL[v.channel])}
                  </Text>
                </Table.Td>
                <Table.Td>{t(WHAT[v.what])}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {total > PROFILE_VIEWS_PAGE_SIZE && (
        <Pagination
          size="sm"
          total={Math.ceil(total / PROFILE_VIEWS_PAGE_SIZE)}
          value={page}
          onChange={setPage}
          getControlProps={(c) => ({ 'aria-label': t(`management.page.${c}`) })}
        />
      )}
    </Stack>
  );
}
