import { Progress } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The navigation progress bar itself (lazy: components/ui/navigation-progress.tsx). */
export default function ProgressBar({ progress }: { progress: number }) {
  const { t } = useTranslation();
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
