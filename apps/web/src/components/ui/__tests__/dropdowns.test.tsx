import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MenuButton, MenuItem } from '../menu-button.tsx';
import { Select, type SelectOption } from '../select.tsx';

const FRUITS: SelectOption[] = [
  { value: 'a', label: 'Apple' },
  { value: 'b', label: 'Banana' },
  { value: 'c', label: 'Cherry' },
];

function Fruit({ initial = null, ...props }: { initial?: string | null; clearable?: boolean; searchable?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider>
      <Select label="Fruit" data={FRUITS} value={value} onChange={setValue} {...props} />
    </MantineProvider>
  );
}

const field = () => screen.getByRole('combobox', { name: 'Fruit' }) as HTMLInputElement;
const key = (target: Element, name: string) => fireEvent.keyDown(target, { key: name });

describe('Select (our own dropdown, SPEC §9)', () => {
  it('opens on a click or a tap, in a list at most 350px tall, at least 160px wide, fading in 150ms', () => {
    render(<Fruit />);
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.click(field());
    expect(field().getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox', { name: 'Fruit' });
    expect(list.style.maxHeight).toBe('350px');
    expect(list.style.minWidth).toBe('160px');
    expect(list.style.animationDuration).toBe('150ms');
    fireEvent.click(screen.getByRole('option', { name: 'Banana' }));
    expect(field().value).toBe('Banana');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('works by keyboard: arrows move, Enter picks, Escape closes, Delete empties', () => {
    render(<Fruit clearable initial="a" />);
    act(() => field().focus());
    key(field(), 'ArrowDown');
    expect(screen.getByRole('option', { name: 'Apple' }).getAttribute('aria-selected')).toBe('true');
    expect(field().getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Apple' }).id);
    key(field(), 'ArrowDown');
    key(field(), 'End');
    expect(field().getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Cherry' }).id);
    key(field(), 'Enter');
    expect(field().value).toBe('Cherry');
    key(field(), 'ArrowDown');
    const escape = vi.fn();
    document.addEventListener('keydown', escape);
    key(field(), 'Escape');
    document.removeEventListener('keydown', escape);
    // The list closes; a dialog around the field does not hear the key.
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(escape).not.toHaveBeenCalled();
    key(field(), 'Delete');
    expect(field().value).toBe('');
  });

  it('narrows the options to what is typed when searchable', () => {
    render(<Fruit searchable />);
    fireEvent.change(field(), { target: { value: 'err' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Cherry']);
    key(field(), 'Enter');
    expect(field().value).toBe('Cherry');
  });
});

describe('MenuButton', () => {
  function Export({ onPick }: { onPick: (format: string) => void }) {
    return (
      <MantineProvider>
        <MenuButton button={(trigger) => <button {...trigger}>Export</button>}>
          <MenuItem onClick={() => onPick('csv')}>CSV</MenuItem>
          <MenuItem onClick={() => onPick('xlsx')}>XLSX</MenuItem>
        </MenuButton>
        <p>elsewhere</p>
      </MantineProvider>
    );
  }

  it('opens its menu when pressed, on its first item, within the spec’s limits; a choice closes it', () => {
    const onPick = vi.fn();
    render(<Export onPick={onPick} />);
    const button = screen.getByRole('button', { name: 'Export' });
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu');
    expect(menu.style.maxHeight).toBe('350px');
    expect(menu.style.minWidth).toBe('160px');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'CSV' }));
    key(menu, 'ArrowDown');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'XLSX' }));
    fireEvent.click(document.activeElement!);
    expect(onPick).toHaveBeenCalledWith('xlsx');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('closes on Escape (focus back on its button) and on a press elsewhere', () => {
    render(<Export onPick={() => {}} />);
    const button = screen.getByRole('button', { name: 'Export' });
    key(button, 'ArrowDown');
    key(screen.getByRole('menu'), 'Escape');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByText('elsewhere'));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
