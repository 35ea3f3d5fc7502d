import { expect, test } from 'vitest';
import { pagePreloads, type Manifest } from '../../../apps/web/build/page-preloads.ts';

// Vite's manifest in miniature: index.html loads common (and what it imports); the list pages need more.
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', imports: ['_common.js'] },
  '_common.js': { file: 'assets/common.js', css: ['assets/common.css'] },
  '_list.js': { file: 'assets/list.js', imports: ['_common.js'], css: ['assets/list.css'] },
  'src/app/layouts/default-layout.tsx': { file: 'assets/layout.js', imports: ['_common.js', '_list.js'] },
  'src/app/routes/home.tsx': { file: 'assets/home.js', imports: ['_list.js'] },
  'src/app/routes/persons-country.tsx': { file: 'assets/persons-country.js', imports: ['_list.js'] },
  'src/locales/en.json?part=app': { file: 'assets/en-app.js' },
  'src/locales/en.json?part=core': { file: 'assets/en-core.js' },
  'src/locales/en.json?part=more': { file: 'assets/en-more.js' },
  'src/locales/es.json?part=core': { file: 'assets/es-core.js' },
  'src/locales/es.json?part=app': { file: 'assets/es-app.js' },
  // Zod's own chunk (shared-chunks.ts), which the first answers are parsed with.
  '_zod-x1.js': { file: 'assets/zod-x1.js', name: 'zod' },
  // Loaded after the first paint (AFTER_PAINT_PARTS), and a part loaded on demand.
  'src/components/ui/toast-viewport.tsx': {
    file: 'assets/toast-viewport.js',
    name: 'toast-viewport',
    imports: ['_common.js', '_Popover.js'],
    css: ['assets/toast-viewport.css'],
  },
  '_Popover.js': { file: 'assets/Popover.js', name: 'Popover', css: ['assets/Popover.css'] },
  'src/features/profiles/components/profile-flyout.tsx': {
    file: 'assets/profile-flyout.js',
    name: 'profile-flyout',
    css: ['assets/profile-flyout.css'],
  },
};

test('each list page in each locale: its layout, page, styles, catalogue parts and zod, not what index.html loads', () => {
  const { pages } = pagePreloads(manifest);
  expect(pages.home.en).toEqual({
    js: [
      'assets/layout.js',
      'assets/list.js',
      'assets/home.js',
      'assets/en-core.js',
      'assets/en-app.js',
      'assets/zod-x1.js',
    ],
    css: ['assets/list.css'],
  });
  expect(pages['persons-country'].es?.js).toContain('assets/persons-country.js');
  expect(pages['persons-country'].es?.js).toContain('assets/es-app.js');
  expect(pages['persons-country'].es?.js).not.toContain('assets/en-app.js');
  expect(pages['persons-country'].es?.js).not.toContain('assets/home.js');
});

test('the stylesheets of what a list page loads after its first paint, and of nothing it loads on demand', () => {
  expect(pagePreloads(manifest).afterPaintCss).toEqual(['assets/toast-viewport.css', 'assets/Popover.css']);
});
