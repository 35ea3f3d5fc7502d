import type { TProfileSummary } from '@centinela/shared';
import { Anchor, Checkbox, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { countryName, formatDate } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { ProfileStatusBadge } from './status-badge.tsx';
import { DATE_TIME } from '../utils/date-formats.ts';

type ProfileRowProps = { profile: TProfileSummary; href: string; selected: boolean; onToggle: () => void };

/** One person; the name is the link to the flyout, so the row is reachable by keyboard. */
export function ProfileRow({ profile, href, selected, onToggle }: ProfileRowProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Table.Tr data-testid="profile-row" bg={selected ? 'var(--mantine-color-indigo-light)' : undefined}>
      <Table.Td>
        <Checkbox checked={selected} onChange={onToggle} aria-label={t('profiles.list.selectRow', { name: profile.name })} />
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={href} fw={500}>
          {profile.name || t('profiles.list.noName')}
        </Anchor>
        <Text size="xs" c="dimmed">
          {profile.email ?? profile.phone ?? ''}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{profile.documentId || '—'}</Text>
        <Text size="xs" c="dimmed">
          {t(`profiles.documentTypes.${profile.documentType}`)}
        </Text>
      </Table.Td>
      <Table.Td>{countryName(profile.country, locale) ?? t('profiles.noCountry')}</Table.Td>
      <Table.Td>
        <ProfileStatusBadge status={profile.status} />
      </Table.Td>
      <Table.Td>{t(`profiles.createdAs.${profile.createdAs}`)}</Table.Td>
      <Table.Td>{formatDate(profile.createdAt, locale, DATE_TIME)}</Table.Td>
    </Table.Tr>
  );
}
