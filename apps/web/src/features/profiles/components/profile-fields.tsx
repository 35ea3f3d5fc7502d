import { documentRule, formatDocumentId, localDocumentName, type TGetProfileResponse } from '@centinela/shared';
import { SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../../lib/enum-label.ts';
import { countryName, formatDate } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { DATE_TIME, DATE_ONLY, dayValue } from '../../../lib/date-formats.ts';

const REVIEW_TEXT = [
  'observations',
  'validationComment',
  'excludedProcessType',
  'crimeCategory',
  'sentencingStatus',
] as const;

type ProfileFieldsProps = {
  profile: TGetProfileResponse;
  /** Resolves the profile's pipeline id (the route knows the pipelines). */
  pipelineName?: string;
  /** The review fields are on screen as an editable form: list them here for print only. */
  reviewEditable: boolean;
};

/** SPEC §3's profile fields, read-only; blanks show a dash so a missing value is visibly missing. */
export function ProfileFields({ profile: p, pipelineName, reviewEditable }: ProfileFieldsProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const dateTime = (v: string) => formatDate(v, locale, DATE_TIME);
  const rule = documentRule(p.country, p.documentType);
  const docLabel = rule && t(rule.labelKey as 'profiles.noCountry');
  const docName = localDocumentName(p.country, p.documentType);
  const yes = (v: boolean) => (v ? t('profiles.fields.yes') : t('profiles.fields.no'));
  const rows: [string, string | null][] = [
    [t('profiles.fields.id'), p.id],
    [t('profiles.fields.country'), countryName(p.country, locale) ?? t('profiles.noCountry')],
    [
      t('profiles.fields.documentType'),
      docLabel
        ? docName && docName !== docLabel
          ? `${docName} — ${docLabel}`
          : docLabel
        : t(`profiles.documentTypes.${p.documentType}`),
    ],
    [t('profiles.fields.documentId'), p.documentId && formatDocumentId(p.country, p.documentType, p.documentId)],
    [t('profiles.fields.email'), p.email],
    [t('profiles.fields.phone'), p.phone],
    [t('profiles.fields.birthDate'), p.birthDate ? formatDate(dayValue(p.birthDate), locale, DATE_ONLY) : null],
    [t('profiles.fields.city'), p.city],
    [t('profiles.fields.cityLocode'), p.cityLocode],
    [t('profiles.fields.state'), p.state],
    [t('profiles.fields.createdAs'), t(`profiles.createdAs.${p.createdAs}`)],
    // The creator's username; the id only if the user is gone from the lookup (never expected).
    [t('profiles.fields.createdBy'), p.createdByUsername ?? p.createdBy],
    [t('profiles.fields.pipeline'), pipelineName ?? p.pipelineId],
    [t('profiles.fields.createdAt'), dateTime(p.createdAt)],
    [t('profiles.fields.updatedAt'), dateTime(p.updatedAt)],
    [t('profiles.fields.manuallyReviewed'), yes(p.manuallyReviewed)],
    [t('profiles.fields.outcome'), p.outcome ? enumLabel(t, p.outcome) : null],
    [t('profiles.fields.confirmedHomonym'), yes(p.confirmedHomonym)],
  ];
  const review: [string, string | null][] = REVIEW_TEXT.map((f) => [t(`profiles.fields.${f}`), p[f]]);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4} component="dl" m={0}>
      {[...rows, ...review].map(([label, value], i) => (
        <div key={label} className={i >= rows.length && reviewEditable ? 'print-only' : undefined}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {value || '—'}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
