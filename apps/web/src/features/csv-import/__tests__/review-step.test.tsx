import { creditsFor, type CsvDuplicateChoice, type TCsvDuplicatesResponse, type TCsvJob } from '@centinela/shared';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ReviewStep } from '../components/review-step.tsx';
import type { Uploaded } from '../utils/wizard-state.ts';

const HEADERS = ['Cédula', 'Nombre completo'];

function uploaded(rows: string[][]): Uploaded {
  const job = {
    id: crypto.randomUUID(),
    fileName: 'persons.csv',
    fileSize: 100,
    status: 'uploaded',
    country: 'co',
    mode: null,
    pipelineId: null,
    reportTypes: [],
    mapping: {},
    headers: HEADERS,
    delimiter: ',',
    encoding: 'utf-8',
    rowCount: rows.length,
    processed: 0,
  } as unknown as TCsvJob;
  return {
    job,
    preview: rows.map((cells, i) => ({ line: i + 2, cells })),
    suggestedMapping: {},
    file: { name: 'persons.csv', size: 100 },
  };
}

describe('CSV review step', () => {
  it('flags what the add-profile form flags: document "ABC" is not a valid format', () => {
    render(
      <MantineProvider>
        <MemoryRouter>
          <ReviewStep
            country="co"
            uploaded={uploaded([
              ['ABC', 'Ana Gómez'],
              ['1020304050', 'Luis Pérez'],
            ])}
            choice={{ mode: 'advanced', reportTypes: ['criminal_records'] }}
            types={['criminal_records']}
            mapping={{ documentId: 'Cédula', name: 'Nombre completo' }}
            creditBalance={null}
            duplicates={{ data: undefined, pending: false, failed: false }}
            duplicatesChoice="skip"
            onDuplicatesChoice={() => {}}
            consent={{ required: false, checked: false, onChange: () => {} }}
            starting={false}
            error={null}
            onBack={() => {}}
            onStart={() => {}}
          />
        </MemoryRouter>
      </MantineProvider>,
    );
    const [abc, good] = screen.getAllByTestId('review-row');
    expect(within(abc!).getByText('This document number does not look valid for this document type.')).toBeTruthy();
    expect(within(good!).queryByText(/does not look valid|looks too/)).toBeNull();
  });

  it('flags rows whose person already exists, offers skip, update or create, and bills only what is created', () => {
    const personId = crypto.randomUUID();
    const found: TCsvDuplicatesResponse = {
      existing: 1,
      repeated: 1,
      rowsTruncated: false,
      rows: [
        {
          line: 2,
          documentType: 'national_id',
          documentId: '1020304050',
          person: { id: personId, name: 'Ana Gómez Existente' },
          sameAsLine: null,
        },
        { line: 4, documentType: 'national_id', documentId: '3040506070', person: null, sameAsLine: 3 },
      ],
    };
    const chosen = vi.fn();
    function Harness() {
      const [choice, setChoice] = useState<CsvDuplicateChoice>('skip');
      return (
        <ReviewStep
          country="co"
          uploaded={uploaded([
            ['1020304050', 'Ana Gómez'],
            ['3040506070', 'Luis Pérez'],
            ['3040506070', 'Luis Pérez'],
            ['5060708090', 'Marta Ruiz'],
          ])}
          choice={{ mode: 'advanced', reportTypes: ['criminal_records'] }}
          types={['criminal_records']}
          mapping={{ documentId: 'Cédula', name: 'Nombre completo' }}
          creditBalance={1000}
          duplicates={{ data: found, pending: false, failed: false }}
          duplicatesChoice={choice}
          onDuplicatesChoice={(c) => {
            chosen(c);
            setChoice(c);
          }}
          consent={{ required: false, checked: false, onChange: () => {} }}
          starting={false}
          error={null}
          onBack={() => {}}
          onStart={() => {}}
        />
      );
    }
    render(
      <MantineProvider>
        <MemoryRouter>
          <Harness />
        </MemoryRouter>
      </MantineProvider>,
    );
    const summary = screen.getByTestId('csv-duplicates');
    expect(within(summary).getByText('1 row matches a person already added.')).toBeTruthy();
    expect(within(summary).getByText('1 row repeats the document of an earlier row.')).toBeTruthy();

    const [ana, luis, again, marta] = screen.getAllByTestId('review-row');
    const link = within(ana!).getByRole('link', { name: 'Ana Gómez Existente' });
    expect(link.getAttribute('href')).toBe(`/persons/co/${personId}`);
    expect(within(again!).getByText('Same document as line 3')).toBeTruthy();
    for (const row of [luis!, marta!]) expect(within(row).queryByText(/Already added|Same document/)).toBeNull();

    // Skip by default: the two duplicates cost nothing.
    const group = screen.getByRole('radiogroup', { name: 'What to do with these rows' });
    const skip = within(group).getByRole('radio', { name: /^Skip them/ });
    expect((skip as HTMLInputElement).checked).toBe(true);
    const cost = () => screen.getByTestId('csv-credit-cost').textContent;
    expect(cost()).toContain(`${2 * creditsFor(['criminal_records'])} credit`);

    // Every choice is a radio button (keyboard: Tab to the group, arrows between them).
    fireEvent.click(within(group).getByRole('radio', { name: /^Create a new person anyway/ }));
    expect(chosen).toHaveBeenLastCalledWith('create');
    expect(cost()).toContain(`${4 * creditsFor(['criminal_records'])} credit`);
    fireEvent.click(within(group).getByRole('radio', { name: /^Update the existing person/ }));
    expect(chosen).toHaveBeenLastCalledWith('update');
    expect(cost()).toContain(`${2 * creditsFor(['criminal_records'])} credit`);
  });
});
