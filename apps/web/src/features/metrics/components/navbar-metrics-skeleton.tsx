import { Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The navbar metrics' place while they load (their chunk, then their query); like them, only on wide
 * screens, so a phone's navbar does not shrink when they arrive (a layout shift); `stacked`, in the narrow
 * screens' navigation drawer.
 */
export function NavbarMetricsSkeleton({ stacked = false }: { stacked?: boolean }) {
  const { t } = useTranslation();
  return (
    <Skeleton
      height={26}
      width={stacked ? '100%' : 280}
      radius="sm"
      role="status"
      aria-label={t('metrics.navbar.loading')}
      visibleFrom={stacked ? undefined : 'md'}
    />
  );
}
