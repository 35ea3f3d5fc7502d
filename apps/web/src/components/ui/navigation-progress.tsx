import { Progress } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { useLoadingProgress } from '../../lib/use-loading-progress.ts';

/** The thin bar at the top of the window while a navigation (page code, page data) is loading. */
export function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { visible, progress } = useLoadingProgress(navigation.state !== 'idle');
  if (!visible) return null;
  return (
    <Progress
      aria-label={t('common.pageLoading')}
      value={progress}
      size="xs"
      radius={0}
      transitionDuration={100}
      pos="fixed"
      top={0}
      left={0}
      right={0}
      style={{ zIndex: 1000 }}
    />
  );
}
