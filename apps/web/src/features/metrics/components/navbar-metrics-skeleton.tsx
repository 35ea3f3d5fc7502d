import { Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The navbar metrics' place while they load (their chunk, then their query). */
export function NavbarMetricsSkeleton() {
  const { t } = useTranslation();
  return <Skeleton height={26} width={280} radius="sm" aria-label={t('metrics.navbar.loading')} />;
}
