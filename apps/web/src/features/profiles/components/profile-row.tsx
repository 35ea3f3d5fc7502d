import type { TProfileSummary } from '@centinela/shared';
import { Anchor, Checkbox, Table, Text } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { countryName, formatDate } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { ProfileStatusBadge } from './status-badge.tsx';
import { DATE_TIME } from '../utils/date-formats.ts';

/** Every row has this height (text is truncated, never wrapped), so the virtualiser needs no measuring. */
export const ROW_HEIGHT = 64;

type ProfileRowProps = {
  /** Position among the loaded rows (0-based); aria-rowindex counts the header as row 1. */
  index: number;
  profile: TProfileSummary;
  href: string;
  selected: boolean;
  onToggle: (id: string) => void;
};

/** One person; the name is the link to the flyout, so the row is reachable by keyboard (arrows move between rows). */
export const ProfileRow = memo(function ProfileRow({ index, profile, href, selected, onToggle }: ProfileRowProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Table.Tr
      data-testid="profile-row"
      data-index={index}
      aria-rowindex={index + 2}
      h={ROW_HEIGHT}
      bg={selected ? 'var(--mantine-color-indigo-light)' : undefined}
    >
      <Table.Td>
        <Checkbox data-row-control checked={selected} onChange={() => onToggle(profile.id)} aria-label={t('profiles.list.selectRow', { name: profile.name })} />
      </Table.Td>
      <Table.Td>
        <Anchor data-row-control component={Link} to={href} fw={500} display="block" truncate>
          {profile.name || t('profiles.list.noName')}
        </Anchor>
        <Text size="xs" c="dimmed" truncate>
          {profile.email ?? profile.phone ?? ''}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" truncate>{profile.documentId || '—'}</Text>
        <Text size="xs" c="dimmed" truncate>
          {t(`profiles.documentTypes.${profile.documentType}`)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" truncate>{countryName(profile.country, locale) ?? t('profiles.noCountry')}</Text>
      </Table.Td>
      <Table.Td>
        <ProfileStatusBadge status={profile.status} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" truncate>{t(`profiles.createdAs.${profile.createdAs}`)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" truncate>{formatDate(profile.createdAt, locale, DATE_TIME)}</Text>
      </Table.Td>
    </Table.Tr>
  );
});
