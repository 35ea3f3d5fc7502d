import { createTheme, DEFAULT_THEME, MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COMBOBOX_PROPS, DROPDOWN } from '../config/dropdown.ts';

/** The inputs that open a Combobox list: SPEC §9's limits on their dropdown. */
const comboboxInput = {
  defaultProps: { maxDropdownHeight: DROPDOWN.maxHeight, comboboxProps: COMBOBOX_PROPS },
  styles: { dropdown: { minWidth: DROPDOWN.minWidth } },
};

// Accessibility (axe in e2e/a11y.spec.ts): links and filled buttons use the darker indigo 7 and
// filled colours pick black or white text themselves (contrast); dialogs' close buttons and pagination
// arrows are named in the page's language (button-name).
function useTheme() {
  const { t } = useTranslation();
  return useMemo(() => {
    const closeButtonProps = { 'aria-label': t('a11y.closeDialog') };
    const getControlProps = (control: 'first' | 'previous' | 'next' | 'last') => ({
      'aria-label': t(`a11y.pagination.${control}`),
    });
    return createTheme({
      primaryColor: 'indigo',
      primaryShade: { light: 7, dark: 8 },
      autoContrast: true,
      defaultRadius: 'md',
      components: {
        Modal: { defaultProps: { closeButtonProps } },
        Drawer: { defaultProps: { closeButtonProps } },
        Pagination: { defaultProps: { getControlProps } },
        // Tables scroll sideways in a plain overflow box, not Mantine's ScrollArea: native scrollbars, no
        // resize observers and scrollbar elements per table.
        // Focusable, so a keyboard can scroll a table wider than the screen to its row's actions (axe
        // scrollable-region-focusable).
        TableScrollContainer: { defaultProps: { type: 'native', tabIndex: 0 } },
        // A status chip shows its whole word ("ACTI…" in a narrow column): its label may not be
        // clipped, so a table column sizes to it (the label's min-content is its text, not zero).
        Badge: { styles: { label: { overflow: 'visible' } } },
        // SPEC §9's dropdown widget: at most 350px tall, at least 160px wide, for the selects' option lists
        // and the menus alike. The menus fade in 150ms; the option lists keep Mantine's instant open (a
        // fade there would hold every choice back, and jsdom never ends a transition).
        Select: comboboxInput,
        MultiSelect: comboboxInput,
        Autocomplete: comboboxInput,
        TagsInput: comboboxInput,
        Menu: {
          defaultProps: { transitionProps: { duration: DROPDOWN.transitionMs } },
          styles: { dropdown: { minWidth: DROPDOWN.minWidth, maxHeight: DROPDOWN.maxHeight, overflowY: 'auto' } },
        },
      },
    });
  }, [t]);
}

// WCAG AA contrast: dimmed and placeholder text are darker, and coloured text, light and outline variants
// (badges, chips, alerts) use a darkened shade 9 instead of Mantine's 6–9, which fail 4.5:1 on light grounds.
const readableColors: CSSVariablesResolver = () => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'color-mix(in srgb, var(--mantine-color-gray-6) 80%, black)',
  };
  for (const name of Object.keys(DEFAULT_THEME.colors)) {
    if (name === 'dark' || name === 'gray') continue;
    const readable = `color-mix(in srgb, var(--mantine-color-${name}-9) 70%, black)`;
    light[`--mantine-color-${name}-text`] = readable;
    light[`--mantine-color-${name}-light-color`] = readable;
    light[`--mantine-color-${name}-outline`] = readable;
  }
  return { variables: {}, light, dark: {} };
};

/** The UI kit with the app's theme: the app (provider.tsx) and the sign-in page's own bundle. */
export function UiProvider({ children }: { children: ReactNode }) {
  const theme = useTheme();
  return (
    <MantineProvider theme={theme} cssVariablesResolver={readableColors}>
      {children}
    </MantineProvider>
  );
}
