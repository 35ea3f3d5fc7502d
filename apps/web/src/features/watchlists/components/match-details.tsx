import { formatPublishedDay, isWatchlistDocumentType, type TWatchlistMatch } from '@centinela/shared';
import { Anchor, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale.ts';
import { DATE_ONLY, formatScore } from '../utils/format.ts';
import { safeUrl } from '../utils/match.ts';

const BIRTH_COLORS = { agrees: 'red', contradicts: 'green', unknown: 'gray' } as const;

/** A day as the list published it ("01 Dec 1996", "1996", "1996-12-01"), in the reader's language. */
const publishedDay = (value: string, locale: ReturnType<typeof useLocale>) =>
  formatPublishedDay(value, locale, DATE_ONLY);

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * One list entry that matched a person, laid out so a reviewer tells a homonym at a glance: matched by
 * document or by name only, the score, the name as the publisher wrote it (and the alias that matched),
 * whether the date of birth agrees, the document, the programs, and which version of the list found it.
 */
export function MatchDetails({ match, extra }: { match: TWatchlistMatch; extra?: ReactNode }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const byId = match.matchedBy === 'id';
  const url = safeUrl(match.url);
  const list = t(`watchlists.sources.${match.source}`);
  const document = match.document;
  const documentType =
    // A type the parsers name has a translated name; another is shown as published.
    document &&
    (isWatchlistDocumentType(document.type) ? t(`watchlists.documentTypes.${document.type}`) : document.type);
  return (
    <Stack gap={6} data-testid="watchlist-match" data-matched-by={match.matchedBy}>
      <Group gap="xs">
        <Badge color={byId ? 'red.9' : 'yellow'} variant={byId ? 'filled' : 'light'}>
          {byId ? t('watchlists.match.byDocument') : t('watchlists.match.byName')}
        </Badge>
        <Badge variant="outline" color="gray">
          {t('watchlists.match.score', { score: formatScore(match.score, locale) })}
        </Badge>
        {match.weak && (
          <Badge color="gray" variant="light" data-testid="watchlist-weak-alias">
            {t('watchlists.match.weakAlias')}
          </Badge>
        )}
        {match.delistedOn && (
          <Badge color="teal" variant="light">
            {t('watchlists.match.delistedOn', { date: publishedDay(match.delistedOn, locale) })}
          </Badge>
        )}
        {extra}
      </Group>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="watchlist-entry-name">
        {match.name}
      </Text>
      {match.matchedName !== match.name && (
        <Text size="sm">{t('watchlists.match.matchedName', { name: match.matchedName })}</Text>
      )}
      {!byId && match.nameParts && (
        <Text size="xs" c="dimmed">
          {t('watchlists.match.nameParts', match.nameParts)}
        </Text>
      )}
      <SimpleGrid component="dl" m={0} cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4}>
        <Field label={t('watchlists.match.list')}>
          {list}
          {' · '}
          {url ? (
            <Anchor
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('watchlists.match.recordNamed', { name: match.name, list })}
            >
              {t('watchlists.match.record', { id: match.reference ?? match.entryId })}
            </Anchor>
          ) : (
            (match.reference ?? match.entryId)
          )}
        </Field>
        <Field label={t('watchlists.match.kind')}>{t(`watchlists.kinds.${match.kind}`)}</Field>
        <Field label={t('watchlists.match.birthDate')}>
          <Badge size="sm" variant="light" color={BIRTH_COLORS[match.birthDate]} component="span">
            {t(`watchlists.birthDate.${match.birthDate}`)}
          </Badge>{' '}
          {match.birthDates.map((d) => publishedDay(d, locale)).join(', ')}
        </Field>
        <Field label={t('watchlists.match.document')}>
          {document ? `${documentType} ${document.number}${document.country ? ` (${document.country})` : ''}` : '—'}
          {match.nearDocument && ` · ${t('watchlists.match.nearDocument')}`}
        </Field>
        <Field label={t('watchlists.match.programs')}>{match.programs.join(', ') || '—'}</Field>
        <Field label={t('watchlists.match.nationalities')}>{match.nationalities.join(', ') || '—'}</Field>
        <Field label={t('watchlists.match.listedOn')}>
          {match.listedOn ? publishedDay(match.listedOn, locale) : '—'}
        </Field>
        <Field label={t('watchlists.match.foundIn')}>{t('watchlists.match.version', { seq: match.versionSeq })}</Field>
      </SimpleGrid>
    </Stack>
  );
}
