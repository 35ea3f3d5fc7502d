import { Stack, Title } from '@mantine/core';
import { EmptyState } from './empty-state.tsx';

type SimplePageProps = { title: string; emptyTitle: string; emptyBody: string };

/** A page whose content a later issue fills: its title and an honest empty state. */
export function SimplePage({ title, emptyTitle, emptyBody }: SimplePageProps) {
  return (
    <Stack>
      <Title order={1}>{title}</Title>
      <EmptyState title={emptyTitle} description={emptyBody} />
    </Stack>
  );
}
