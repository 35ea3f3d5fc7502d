import type { Plugin } from 'vite';

/** A Mantine module holding one component's class names; the group is the component's stylesheet name. */
export const CLASS_NAMES_MODULE = /[/\\]@mantine[/\\]core[/\\]esm[/\\].+[/\\]([A-Za-z]+)\.module\.mjs$/;
/** Mantine's stylesheets that belong to no component: src/main.tsx and src/sign-in-main.tsx import them first. */
export const GLOBAL_STYLESHEETS = ['baseline', 'default-css-variables', 'global'];

/**
 * Mantine's styles per component instead of its whole stylesheet (styles.css, all of it,
 * blocked the first paint of every page; the computed styles of
 * twelve screens, compared element by element before and after, were identical: commit 4b193bf): each Mantine module that holds a
 * component's class names (`<Name>.module.mjs`, one per `@mantine/core/styles/<Name>.css`) imports that
 * stylesheet, so the CSS goes with the chunk that uses the component and loads with it. Dependencies first,
 * as Mantine asks: a component imports the components it is built on before its own class names.
 * scripts/__tests__/web-build/ fails if Mantine's modules and stylesheets stop pairing up.
 */
export function mantineStylesPerComponent(): Plugin {
  return {
    name: 'centinela:mantine-styles-per-component',
    enforce: 'pre',
    transform(code, id) {
      const match = CLASS_NAMES_MODULE.exec(id);
      if (!match) return null;
      return { code: `import '@mantine/core/styles/${match[1]}.css';\n${code}`, map: null };
    },
  };
}
