import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type CursorPagerProps = {
  page: number;
  nextCursor: string | null;
  onPrevious: () => void;
  onNext: (c: string) => void;
};

/** Previous / next for a keyset-paged list (shown only when there is another page). */
export function CursorPager({ page, nextCursor, onPrevious, onNext }: CursorPagerProps) {
  const { t } = useTranslation();
  if (page === 1 && !nextCursor) return null;
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" size="xs" disabled={page === 1} onClick={onPrevious}>
        {t('management.page.previous')}
      </Button>
      <Button variant="default" size="xs" disabled={!nextCursor} onClick={() => nextCursor && onNext(nextCursor)}>
        {t('management.page.next')}
      </Button>
    </Group>
  );
}
