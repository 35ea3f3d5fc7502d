import { autoMatchColumns, requiredCsvFields, type CsvMapping } from '@centinela/shared';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MatchStep } from '../components/match-step.tsx';

const HEADERS = ['Cédula', 'Nombre completo', 'Celular', 'Correo', 'Observaciones'];

function Harness({ onNext }: { onNext: () => void }) {
  const [mapping, setMapping] = useState<CsvMapping>(autoMatchColumns(HEADERS));
  // Sol needs the phone, the criminal record the document: the required fields come from the catalogue.
  const required = requiredCsvFields('co', ['criminal_records', 'employment_references']);
  return (
    <MatchStep
      headers={HEADERS}
      required={required}
      mapping={mapping}
      onChange={setMapping}
      onBack={() => {}}
      onNext={onNext}
    />
  );
}

/** The options of a select's dropdown, opened if closed (Mantine keeps every dropdown mounted, hidden). */
async function optionsOf(label: string) {
  const input = select(label);
  if (input.getAttribute('aria-expanded') !== 'true') fireEvent.click(input);
  const listbox = await waitFor(() => {
    const found = document.querySelector(`[role=listbox][aria-labelledby="${input.id}-label"]`);
    if (!(found instanceof HTMLElement)) throw new Error(`no dropdown for ${label}`);
    return found;
  });
  return within(listbox);
}

const select = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

describe('CSV wizard, match columns (SPEC §5)', { timeout: 30_000 }, () => {
  it('auto-matches Spanish headers, refuses a column twice, lists missing fields until every required field has its own column', async () => {
    const onNext = vi.fn();
    render(
      <MantineProvider>
        <Harness onNext={onNext} />
      </MantineProvider>,
    );
    // Auto-matched from the header names.
    expect(select('Document number').value).toBe('Cédula');
    expect(select('Name').value).toBe('Nombre completo');
    expect(select('Phone').value).toBe('Celular');
    expect(select('Email').value).toBe('Correo');
    expect(screen.queryByText('Missing fields.')).toBeNull();
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(false);

    // Unmatching a required field (picking its column again deselects it) lists it as missing and holds the next step.
    fireEvent.click((await optionsOf('Phone')).getByRole('option', { name: 'Celular', hidden: true }));
    const missing = await screen.findByRole('alert');
    expect(within(missing).getByText('Missing fields.')).toBeTruthy();
    expect(within(missing).getByText('Phone')).toBeTruthy();
    expect(next.disabled).toBe(true);

    // A column another field already uses cannot be picked again.
    let options = await optionsOf('Phone');
    const taken = options.getByRole('option', { name: 'Correo (matched to Email)', hidden: true });
    expect(taken.getAttribute('data-combobox-disabled') ?? taken.getAttribute('aria-disabled')).toBeTruthy();
    fireEvent.click(taken);
    expect(select('Phone').value).toBe('');

    // A free column completes the matching.
    options = await optionsOf('Phone');
    fireEvent.click(options.getByRole('option', { name: 'Celular', hidden: true }));
    expect(select('Phone').value).toBe('Celular');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(next);
    expect(onNext).toHaveBeenCalledOnce();
  });
});
