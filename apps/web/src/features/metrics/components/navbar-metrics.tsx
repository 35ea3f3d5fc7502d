import { Badge, Group } from '@mantine/core';
import { NAVBAR_STATUSES, plansPayingWithCredits, type NavbarStatus } from '@centinela/shared';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useNavbarMetrics } from '../api/get-navbar-metrics.ts';
import { NavbarMetricsSkeleton } from './navbar-metrics-skeleton.tsx';

const COLORS: Record<NavbarStatus, string> = {
  PENDING: 'blue',
  PENDING_MANUAL_REVIEW: 'yellow',
  PASSED: 'green',
  FAILED: 'red',
};

type ChipProps = { label: string; short: string; value: number; color: string };

function Chip({ label, short, value, color }: ChipProps) {
  const locale = useLocale();
  const text = formatNumber(value, locale);
  const badge = (
    <Badge
      variant="light"
      color={color}
      size="lg"
      radius="sm"
      tt="none"
      aria-label={`${label}: ${text}`}
      data-testid="navbar-metric"
    >
      {short} {text}
    </Badge>
  );
  return <Tooltip label={label}>{badge}</Tooltip>;
}

/**
 * The navbar's metrics (SPEC §2): persons per status, today's new ones and, on a credits plan, the
 * remaining credits. Live: socket events refresh the query. A failure leaves the slot empty (the
 * navbar must never break a page).
 */
export function NavbarMetrics({ stacked = false }: { stacked?: boolean }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useNavbarMetrics();
  if (isPending) return <NavbarMetricsSkeleton stacked={stacked} />;
  if (isError) return null;
  // `stacked`: in the narrow screens' navigation drawer, where the chips wrap; in the bar, from md up.
  return (
    <Group gap={6} wrap={stacked ? 'wrap' : 'nowrap'} visibleFrom={stacked ? undefined : 'md'}>
      {NAVBAR_STATUSES.map((status) => (
        <Chip
          key={status}
          label={t(`metrics.navbar.status.${status}`)}
          short={t(`metrics.navbar.short.${status}`)}
          value={data.byStatus[status]}
          color={COLORS[status]}
        />
      ))}
      <Chip
        label={t('metrics.navbar.today')}
        short={t('metrics.navbar.shortToday')}
        value={data.newToday}
        color="gray"
      />
      {data.plan && plansPayingWithCredits(data.plan) && data.creditsAvailable !== null && (
        <Chip
          label={t('metrics.navbar.credits')}
          short={t('metrics.navbar.shortCredits')}
          value={data.creditsAvailable}
          color={data.creditsAvailable > 0 ? 'grape' : 'red'}
        />
      )}
    </Group>
  );
}
