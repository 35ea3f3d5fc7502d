import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPublishedDay, type ShownFinding } from '@centinela/shared';
import { DATE_ONLY } from '../../lib/date-formats.ts';
import { useLocale } from '../../lib/use-locale.ts';

/**
 * What a source returned, in the flyout and on the candidate's page. "Matched by document" is a confirmed
 * record; "matched by name only" may be a homonym a person must judge, so the two look different.
 */
export function FindingsList({ findings }: { findings: readonly ShownFinding[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (findings.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('profiles.findings.none')}
      </Text>
    );
  return (
    <List spacing="sm" listStyleType="none" aria-label={t('profiles.findings.title')}>
      {findings.map((f, i) => (
        <List.Item key={i} data-testid="finding" data-matched-by={f.note ? undefined : f.matchedBy}>
          <Stack gap={2}>
            <Group gap="xs">
              {f.note ? (
                <Badge size="sm" color="gray" variant="light">
                  {t('profiles.findings.sourceNote')}
                </Badge>
              ) : (
                <Badge
                  size="sm"
                  color={f.matchedBy === 'id' ? 'red.9' : 'yellow'}
                  variant={f.matchedBy === 'id' ? 'filled' : 'light'}
                >
                  {f.matchedBy === 'id' ? t('profiles.findings.matchedById') : t('profiles.findings.matchedByName')}
                </Badge>
              )}
              <Badge size="sm" variant="outline" color={f.severity === 'adverse' ? 'red' : 'blue'}>
                {t(`profiles.findings.severity.${f.severity}`)}
              </Badge>
            </Group>
            <Text size="sm">{f.summary}</Text>
            <Text size="xs" c="dimmed">
              {t('profiles.findings.source', { source: f.source })}
              {f.date ? ` · ${formatPublishedDay(f.date, locale, DATE_ONLY)}` : null}
            </Text>
            {f.crimeCategory && (
              <Text size="xs">{t('profiles.findings.crimeCategory', { value: f.crimeCategory })}</Text>
            )}
            {f.sentencingStatus && (
              <Text size="xs">{t('profiles.findings.sentencingStatus', { value: f.sentencingStatus })}</Text>
            )}
          </Stack>
        </List.Item>
      ))}
    </List>
  );
}
