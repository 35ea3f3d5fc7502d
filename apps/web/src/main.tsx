// Mantine's global styles before any component's (each component's own come with it: vite.config.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { bootApp } from './app/boot.tsx';
import { rootElement } from './lib/root-element.ts';

void bootApp(rootElement());
