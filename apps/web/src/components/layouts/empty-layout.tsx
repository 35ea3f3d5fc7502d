import { Container } from '@mantine/core';
import type { ReactNode } from 'react';

/** The empty layout (404, error and maintenance pages): nothing around the content. */
export function EmptyLayout({ children }: { children: ReactNode }) {
  return (
    <Container component="main" size="sm" py="xl">
      {children}
    </Container>
  );
}
