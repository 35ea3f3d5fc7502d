import { Alert, Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useCredits } from '../api/get-credits.ts';

// The dialog (Modal) loads on first use; it then stays mounted so closing it returns focus.
const UpgradePrompt = lazy(() => import('./upgrade-prompt.tsx').then((m) => ({ default: m.UpgradePrompt })));

/** Below this share of the monthly credits the banner turns to a warning. */
const LOW_SHARE = 0.2;

/**
 * SPEC §2 free-tier banner: what is left, when it refills and what upgrading unlocks. Shown to users of
 * a free-plan owner only (standard owners are not limited; platform staff have no owner).
 */
export function FreePlanBanner({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [opened, { open, close }] = useDisclosure(false);
  const [asked, setAsked] = useState(false);
  const { data } = useCredits({ enabled });
  if (!enabled || !data?.limited) return null;
  const out = data.creditsAvailable <= 0;
  const low = !out && data.creditsAvailable <= data.creditsInitial * LOW_SHARE;
  // The refill is a day (the 1st, 00:00 UTC), not an instant: read in the viewer's zone, 1 December would
  // be 30 November in Mexico City.
  const refill = data.nextRefillAt ? formatDate(data.nextRefillAt, locale, { dateStyle: 'long', timeZone: 'UTC' }) : '';
  return (
    <>
      <Alert
        color={out ? 'red' : low ? 'yellow' : 'blue'}
        variant="light"
        radius={0}
        title={out ? t('credits.banner.outTitle') : t('credits.banner.title')}
        data-testid="free-plan-banner"
      >
        <Group justify="space-between" gap="sm">
          <Text size="sm" aria-live="polite">
            {out
              ? t('credits.banner.out', { date: refill })
              : t('credits.banner.left', { count: data.creditsAvailable, initial: data.creditsInitial, date: refill })}
          </Text>
          <Button
            size="xs"
            variant={out ? 'filled' : 'light'}
            onClick={() => {
              setAsked(true);
              open();
            }}
          >
            {t('credits.upgrade.action')}
          </Button>
        </Group>
      </Alert>
      {asked && (
        <Suspense fallback={null}>
          <UpgradePrompt opened={opened} onClose={close} lockedTypes={data.lockedReportTypes} />
        </Suspense>
      )}
    </>
  );
}
