import {
  IDENTITY_CHECK_TEXTS,
  identityReasonText,
  type IdentityCheckOutcome,
  type TIdentityCheck,
} from '@centinela/shared';
import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale.ts';

const COLOR: Record<IdentityCheckOutcome, string> = { passed: 'green', failed: 'red', review: 'orange' };

/** A check's score as a reader takes it: a face's distance, a name's likeness, an age, a head turn. */
function scoreText(check: TIdentityCheck, locale: string): string | null {
  if (check.score === null) return null;
  const n = (v: number, digits: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(v);
  if (check.check === 'name') return new Intl.NumberFormat(locale, { style: 'percent' }).format(check.score);
  if (check.check === 'face') return n(check.score, 2);
  return n(check.score, 0);
}

/** Every check with its outcome and reason (in the reader's language), failures and reviews first. */
export function IdentityChecks({ checks }: { checks: TIdentityCheck[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const rank: Record<IdentityCheckOutcome, number> = { failed: 0, review: 1, passed: 2 };
  const sorted = [...checks].sort((a, b) => rank[a.outcome] - rank[b.outcome]);
  return (
    <List
      listStyleType="none"
      spacing={6}
      aria-label={t('identity.review.checksTitle')}
      styles={{ itemWrapper: { width: '100%' }, itemLabel: { width: '100%' } }}
    >
      {sorted.map((c, i) => {
        const score = scoreText(c, locale);
        return (
          <List.Item key={`${c.check}-${i}`} data-testid="identity-check" data-check={c.check} data-outcome={c.outcome}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Badge color={COLOR[c.outcome]} variant="light" w={96} style={{ flexShrink: 0 }}>
                {t(`identity.review.outcomes.${c.outcome}`)}
              </Badge>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {IDENTITY_CHECK_TEXTS[c.check]?.[locale] ?? c.label}
                </Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {identityReasonText(c.reason, locale) === c.reason ? c.message : identityReasonText(c.reason, locale)}
                  {score !== null &&
                    ` · ${t(`identity.review.scores.${c.check === 'name' || c.check === 'face' || c.check === 'age' || c.check === 'liveness' ? c.check : 'other'}`, { score })}`}
                </Text>
              </Stack>
            </Group>
          </List.Item>
        );
      })}
    </List>
  );
}
