import { Button, Menu, Select } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UiProvider } from '../ui-provider.tsx';

const COUNTRIES = Array.from({ length: 40 }, (_, i) => `Country ${i + 1}`);

/** A CSS length in px: Mantine writes `calc(21.875rem * var(--mantine-scale))` for 350 (scale 1, 16px root). */
function px(value: string): number {
  const rem = /([\d.]+)rem/.exec(value);
  if (rem) return Number(rem[1]) * 16;
  return Number.parseFloat(value);
}

/** The style attribute of the closest ancestor (or self) that sets `property` inline. */
function inline(element: Element | null, property: string): string {
  for (let node = element; node instanceof HTMLElement; node = node.parentElement) {
    const value = node.style.getPropertyValue(property);
    if (value) return value;
  }
  return '';
}

describe('dropdowns (SPEC §9: max height 350px, min width 160px)', () => {
  it('a select lists its options in a box at most 350px tall and at least 160px wide', async () => {
    const { container } = render(
      <UiProvider>
        <Select label="Pick one" data={COUNTRIES} w={80} />
      </UiProvider>,
    );
    fireEvent.click(container.querySelector('input')!);
    const listbox = await waitFor(() => screen.getByRole('listbox', { hidden: true }));
    const options = listbox.querySelector('[data-combobox-options], .mantine-Combobox-options') ?? listbox;
    expect(px(inline(options.querySelector('[style*="max-height"]') ?? options, 'max-height'))).toBe(350);
    const dropdown = listbox.closest('.mantine-Select-dropdown, .mantine-Combobox-dropdown') as HTMLElement;
    expect(px(getComputedStyle(dropdown).minWidth)).toBe(160);
  });

  it('a menu is at least 160px wide and scrolls past 350px', async () => {
    render(
      <UiProvider>
        <Menu>
          <Menu.Target>
            <Button>Open</Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item>One</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </UiProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const menu = await waitFor(() => screen.getByRole('menu', { hidden: true }));
    const style = getComputedStyle(menu);
    expect(px(style.minWidth)).toBe(160);
    expect(px(style.maxHeight)).toBe(350);
  });
});
