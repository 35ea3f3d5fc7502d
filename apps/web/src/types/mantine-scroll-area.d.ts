// Mantine's ScrollArea module itself (vite.config.ts resolves this name; src/lib/table-scroll-area.tsx).
declare module 'centinela:mantine-scroll-area' {
  export { ScrollArea } from '@mantine/core';
}
