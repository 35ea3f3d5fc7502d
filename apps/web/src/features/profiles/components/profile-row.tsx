import {
  COUNTRIES,
  CREATED_AS,
  DOCUMENT_TYPES,
  formatDocumentId,
  localDocumentName,
  PROFILE_STATUSES,
  type Country,
  type ProfileStatus,
  type TProfileSummary,
} from '@centinela/shared';
import { memo, useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { countryName } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { DATE_TIME } from '../../../lib/date-formats.ts';
import classes from './profile-row.module.css';
import { styleByStatus } from './status-badge.tsx';

/** Every row has this height (text is cut, never wrapped), so the virtualiser needs no measuring (.row in the CSS). */
export const ROW_HEIGHT = 64;

const CUT = classes.shrink;
const FIT = classes.fit;
const TEXT = classes.cut;
const SUB = `${classes.cut} ${classes.sub}`;
const NAME = `${classes.cut} ${classes.name} mantine-focus-auto`;
const CHECK = `${classes.check} mantine-focus-auto`;
const ROW = classes.row;

/** The chip's colours per status, as Mantine's light Badge takes them from the theme (made once). */
const CHIP_STYLES = styleByStatus(
  (color) =>
    ({
      '--chip-bg': `var(--mantine-color-${color}-light)`,
      '--chip-color': `var(--mantine-color-${color}-light-color)`,
    }) as CSSProperties,
);

/** A row's status chip, also the header's sizer's (profile-table.tsx). */
export function StatusChip({ status, label }: { status: ProfileStatus; label: string }) {
  return (
    <span className={classes.chip} style={CHIP_STYLES[status]}>
      {label}
    </span>
  );
}

/**
 * Every text the rows show that does not depend on the row, made once per page and language instead of
 * once per row: labels, country names, the date format, the checkbox's label around the name.
 */
export type RowLabels = {
  status: Record<ProfileStatus, string>;
  documentType: Record<string, string>;
  createdAs: Record<string, string>;
  country: Record<Country, string>;
  noName: string;
  alert: string;
  selectRow: (name: string) => string;
  date: (iso: string) => string;
};

const NAME_SLOT = '\u241f';

export function useRowLabels(): RowLabels {
  const { t } = useTranslation();
  const locale = useLocale();
  return useMemo(() => {
    const dates = new Intl.DateTimeFormat(locale, DATE_TIME);
    const [before = '', after = ''] = t('profiles.list.selectRow', { name: NAME_SLOT }).split(NAME_SLOT);
    const map = <K extends string>(keys: readonly K[], label: (key: K) => string) =>
      Object.fromEntries(keys.map((k) => [k, label(k)])) as Record<K, string>;
    return {
      status: map(PROFILE_STATUSES, (s) => t(`profiles.status.${s}`)),
      documentType: map(DOCUMENT_TYPES, (d) => t(`profiles.documentTypes.${d}`)),
      createdAs: map(CREATED_AS, (c) => t(`profiles.createdAs.${c}`)),
      country: map(COUNTRIES, (c) => countryName(c, locale) ?? t('profiles.noCountry')),
      noName: t('profiles.list.noName'),
      alert: t('profiles.list.watchlistAlert'),
      selectRow: (name) => `${before}${name}${after}`,
      date: (iso) => dates.format(new Date(iso)),
    };
  }, [t, locale]);
}

type ProfileRowProps = {
  /** Position among the loaded rows (0-based); aria-rowindex counts the header as row 1. */
  index: number;
  profile: TProfileSummary;
  href: string;
  selected: boolean;
  /** An open watch-list alert waits for review. */
  alerted?: boolean;
  onToggle: (id: string) => void;
  labels: RowLabels;
};

/**
 * One person, as plain table elements and CSS (profile-row.module.css: a row used to be a dozen
 * components; a page of 50 was the longest task of the list's load). The name is the link to the flyout,
 * so the row is reachable by keyboard (arrows move between rows); what a column cuts shows whole on hover.
 */
export const ProfileRow = memo(function ProfileRow({
  index,
  profile,
  href,
  selected,
  alerted = false,
  onToggle,
  labels,
}: ProfileRowProps) {
  const name = profile.name || labels.noName;
  const contact = profile.email ?? profile.phone ?? '';
  const documentId = profile.documentId
    ? formatDocumentId(profile.country, profile.documentType, profile.documentId)
    : '—';
  const country = labels.country[profile.country];
  return (
    <tr
      className={ROW}
      data-selected={selected || undefined}
      data-testid="profile-row"
      data-index={index}
      aria-rowindex={index + 2}
    >
      <td>
        <input
          type="checkbox"
          className={CHECK}
          data-row-control
          checked={selected}
          onChange={() => onToggle(profile.id)}
          aria-label={labels.selectRow(name)}
        />
      </td>
      <td className={CUT}>
        <Link data-row-control className={NAME} to={href} title={name}>
          {name}
        </Link>
        <span className={SUB} title={contact || undefined}>
          {contact}
        </span>
      </td>
      <td className={FIT}>
        <span className={TEXT} title={documentId}>
          {documentId}
        </span>
        <span className={SUB}>
          {localDocumentName(profile.country, profile.documentType) ?? labels.documentType[profile.documentType]}
        </span>
      </td>
      <td className={CUT}>
        <span className={TEXT} title={country}>
          {country}
        </span>
      </td>
      <td className={FIT}>
        <StatusChip status={profile.status} label={labels.status[profile.status]} />
        {alerted && (
          <span className={classes.alert} data-testid="row-watchlist-alert">
            {labels.alert}
          </span>
        )}
      </td>
      <td className={FIT}>{labels.createdAs[profile.createdAs]}</td>
      <td className={FIT}>{labels.date(profile.createdAt)}</td>
    </tr>
  );
});
