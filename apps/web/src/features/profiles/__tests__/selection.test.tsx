import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { buildProfile, PAGE_LOAD, signedInWithProfiles } from './profiles-fixtures.ts';

const page = (size: number) => Array.from({ length: size }, () => buildProfile());
const bodyOf = async (requests: Request[], path: string) =>
  requests.find((r) => new URL(r.url).pathname === path)?.json();

describe('profile list selection', { timeout: 15_000 }, () => {
  it('widens a full page to "all matching" and deletes by the filter, not by ids', { timeout: 20_000 }, async () => {
    const requests = signedInWithProfiles(
      page(50),
      {
        'GET /api/v1/profiles': () => json(200, { items: page(50), nextCursor: 'next' }),
        'POST /api/v1/profiles/delete': () => json(200, { deleted: 120, ids: [] }),
      },
      120,
    );
    renderApp('/persons/co?status=PASSED');
    await screen.findAllByTestId('profile-row', {}, PAGE_LOAD);
    // The table is virtualised: all 50 rows are loaded, only those in the window are rendered.
    await waitFor(() => expect(screen.getByTestId('profile-table').getAttribute('aria-rowcount')).toBe('121'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select the loaded rows' }));
    expect(screen.getByText('50 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Select all 120 matching' }));
    expect(screen.getByText('All 120 matching persons selected')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete persons' });
    expect(within(dialog).getByText(/Delete 120 persons/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    // The first toast of the page brings the toasts' viewport with it (app/provider.tsx).
    expect(await screen.findByText('120 persons deleted.', {}, PAGE_LOAD)).toBeTruthy();
    expect(await bodyOf(requests, '/api/v1/profiles/delete')).toEqual({
      filter: { status: ['PASSED'], country: 'co' },
    });
  });

  it('unticking one row of "all matching" leaves the loaded rows minus that one, sent as ids', async () => {
    const rows = page(3);
    // 3 of 10 loaded (no next page here: infinite scroll would load the rest at once, all rows being in view).
    const requests = signedInWithProfiles(
      rows,
      {
        'GET /api/v1/profiles': () => json(200, { items: rows, nextCursor: null }),
        'POST /api/v1/profiles/delete': () => json(200, { deleted: 2, ids: [] }),
      },
      10,
    );
    renderApp('/');
    await screen.findAllByTestId('profile-row', {}, PAGE_LOAD);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select the loaded rows' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select all 10 matching' }));
    fireEvent.click(screen.getByRole('checkbox', { name: `Select ${rows[1]!.name}` }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('2 persons deleted.');
    expect(await bodyOf(requests, '/api/v1/profiles/delete')).toEqual({ ids: [rows[0]!.id, rows[2]!.id] });
  });

  it('drops the selection when the filter changes', async () => {
    signedInWithProfiles(page(2));
    renderApp('/');
    await screen.findAllByTestId('profile-row', {}, PAGE_LOAD);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select the loaded rows' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /^Failed · / }));
    await waitFor(() => expect(screen.queryByText('2 selected')).toBeNull());
  });
});
