import { Paper, Stack, Text, Title } from '@mantine/core';

type EmptyStateProps = { title: string; description: string };

/** A screen with nothing to show yet: says so and what will appear there. */
export function EmptyState({ title, description }: EmptyStateProps) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack gap="xs" align="center" ta="center">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text c="dimmed">{description}</Text>
      </Stack>
    </Paper>
  );
}
