import { useTranslation } from 'react-i18next';
import classes from './navbar-metrics-skeleton.module.css';

/**
 * The navbar metrics' place while they load (their chunk, then their query), drawn by CSS: in the bar, whose
 * slot shows from `md` up, so a phone's navbar does not shrink when they arrive (a layout shift); `stacked`,
 * in the narrow screens' navigation drawer.
 */
export function NavbarMetricsSkeleton({ stacked = false }: { stacked?: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={classes.skeleton}
      data-stacked={stacked || undefined}
      role="status"
      aria-busy="true"
      aria-label={t('metrics.navbar.loading')}
    />
  );
}
