import { MantineProvider, Table } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VirtualTbody, VIRTUALIZE_FROM } from '../virtual-tbody.tsx';

const table = (count: number) => {
  const rows = Array.from({ length: count }, (_, i) => ({ id: `r${i}`, name: `Row ${i}` }));
  return (
    <MantineProvider>
      <Table aria-label="rows">
        <VirtualTbody rows={rows} estimate={40} columns={1}>
          {(row, _i, rowProps) => (
            <Table.Tr key={row.id} {...rowProps} data-testid="row">
              <Table.Td>{row.name}</Table.Td>
            </Table.Tr>
          )}
        </VirtualTbody>
      </Table>
    </MantineProvider>
  );
};

describe('VirtualTbody', () => {
  it('renders a short list whole', () => {
    render(table(VIRTUALIZE_FROM));
    expect(screen.getAllByTestId('row')).toHaveLength(VIRTUALIZE_FROM);
  });

  it('renders only the rows in view of 10,000, placed by aria-rowindex, with the scroll height kept', async () => {
    const { container } = render(table(10_000));
    // A frame after mounting, once it knows where the body starts.
    const rows = await screen.findAllByTestId('row');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(60);
    expect(rows[0]!.getAttribute('aria-rowindex')).toBe('2');
    const spacer = container.querySelector('tr[aria-hidden="true"]') as HTMLElement;
    expect(parseInt(spacer.style.height, 10)).toBeGreaterThan(390_000);
  });
});
