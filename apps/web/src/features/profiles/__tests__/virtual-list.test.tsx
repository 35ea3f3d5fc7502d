import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { ROW_HEIGHT } from '../components/profile-row.tsx';
import { buildProfile, listQueries, signedInWithProfiles } from './profiles-fixtures.ts';

const page = (size: number) => Array.from({ length: size }, () => buildProfile());
const rendered = () => screen.getAllByTestId('profile-row');
const rowIndexes = () => rendered().map((r) => Number(r.getAttribute('aria-rowindex')));

/** jsdom has no layout: the window is 1024×768, and the page height and scroll offset are what we say. */
function scrollWindowTo(y: number) {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: y + 10_000 });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

// The app's lazy route and thousands of rows through the response schema take a while in jsdom.
describe('virtualised profile list', { timeout: 30_000 }, () => {
  const scrollTo = window.scrollTo;
  afterEach(() => {
    window.scrollTo = scrollTo;
    // Back at the top, with the scroll event a browser fires for it (the app keeps the offset from them).
    scrollWindowTo(0);
    Reflect.deleteProperty(document.documentElement, 'scrollHeight');
  });

  it('renders only the rows in view of 10,000 loaded, with table semantics for the whole list', async () => {
    const rows = page(10_000);
    signedInWithProfiles(rows);
    renderApp('/');
    await screen.findAllByTestId('profile-row', {}, { timeout: 10_000 });
    const table = screen.getByRole('table', { name: 'Persons' });
    expect(table.getAttribute('aria-rowcount')).toBe('10001');
    // 768 px of window hold 12 rows of 64 px; a few more are kept on each side.
    expect(rendered().length).toBeGreaterThan(5);
    expect(rendered().length).toBeLessThan(40);
    expect(rowIndexes()[0]).toBe(2);
    expect(within(table).getAllByRole('columnheader')[0]!.closest('tr')!.getAttribute('aria-rowindex')).toBe('1');

    scrollWindowTo(5_000 * ROW_HEIGHT);
    await waitFor(() => expect(rowIndexes()).toContain(5_002));
    expect(rendered().length).toBeLessThan(40);
    // The row at 5,000 is person 5,001 of the list (aria-rowindex counts the header as row 1).
    const row = rendered().find((r) => r.getAttribute('aria-rowindex') === '5002')!;
    expect(within(row).getByRole('link', { name: rows[5_000]!.name })).toBeTruthy();
  });

  it('fetches the next keyset page when the end of the loaded rows scrolls into view', async () => {
    const first = page(50);
    const second = page(200);
    const requests = signedInWithProfiles(
      first,
      {
        'GET /api/v1/profiles': [
          () => json(200, { items: first, nextCursor: 'c1' }),
          () => json(200, { items: second, nextCursor: null }),
        ],
      },
      250,
    );
    renderApp('/');
    await screen.findAllByTestId('profile-row', {}, { timeout: 10_000 });
    // The rows in view are far from the end: nothing more is asked for yet.
    expect(listQueries(requests)).toHaveLength(1);

    scrollWindowTo(40 * ROW_HEIGHT);
    await waitFor(() => expect(listQueries(requests)).toHaveLength(2));
    const next = listQueries(requests)[1]!;
    expect(next.get('cursor')).toBe('c1');
    expect(next.get('limit')).toBe('200');
    scrollWindowTo(200 * ROW_HEIGHT);
    await waitFor(() => expect(rowIndexes()).toContain(202));
    expect(
      within(rendered().find((r) => r.getAttribute('aria-rowindex') === '202')!).getByText(second[150]!.name),
    ).toBeTruthy();
    // No next cursor: the list stops asking.
    scrollWindowTo(250 * ROW_HEIGHT);
    await new Promise((r) => setTimeout(r, 50));
    expect(listQueries(requests)).toHaveLength(2);
  });

  it('selects all 10,000 matching without loading them, and exports by the filter', async () => {
    const requests = signedInWithProfiles(
      page(50),
      {
        'GET /api/v1/profiles': () => json(200, { items: page(50), nextCursor: 'next' }),
        'POST /api/v1/profiles/export': () =>
          new Response('id\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
      },
      10_000,
    );
    renderApp('/persons/co');
    await screen.findAllByTestId('profile-row', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select the loaded rows' }));
    expect(screen.getByText('50 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Select all 10,000 matching' }));
    expect(screen.getByText('All 10,000 matching persons selected')).toBeTruthy();
    // Every rendered row shows as selected, yet only the first page was ever fetched.
    expect(rendered().every((r) => (within(r).getByRole('checkbox') as HTMLInputElement).checked)).toBe(true);
    expect(listQueries(requests)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Export selection' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'CSV file' }));
    await waitFor(() => expect(requests.some((r) => new URL(r.url).pathname === '/api/v1/profiles/export')).toBe(true));
    const body = await requests.find((r) => new URL(r.url).pathname === '/api/v1/profiles/export')!.json();
    // The file's times in the reader's time zone.
    expect(body).toEqual({
      format: 'csv',
      filter: { country: 'co' },
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('ticking more loaded rows than a bulk action takes ids for, when they are all that match, selects "all matching"', async () => {
    signedInWithProfiles(page(1_200));
    renderApp('/');
    await screen.findAllByTestId('profile-row', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select the loaded rows' }));
    expect(screen.getByText('All 1,200 matching persons selected')).toBeTruthy();
  });

  it('moves between rows with the arrow keys, rendering the next row when it is out of view', async () => {
    const rows = page(300);
    signedInWithProfiles(rows);
    renderApp('/');
    await screen.findAllByTestId('profile-row', {}, { timeout: 10_000 });
    const link = (i: number) => screen.getByRole('link', { name: rows[i]!.name });
    link(0).focus();
    fireEvent.keyDown(link(0), { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(link(1)));
    fireEvent.keyDown(link(1), { key: 'ArrowUp' });
    await waitFor(() => expect(document.activeElement).toBe(link(0)));
    // Ctrl+End: the last loaded row, far outside the rendered ones, is scrolled to and focused.
    expect(screen.queryByRole('link', { name: rows[299]!.name })).toBeNull();
    Object.defineProperty(document.documentElement, 'scrollHeight', {
      configurable: true,
      value: 300 * ROW_HEIGHT + 768,
    });
    const scrolled = new Promise<number>((resolve) => {
      window.scrollTo = ((options: ScrollToOptions) => {
        resolve(options.top ?? 0);
        scrollWindowTo(options.top ?? 0);
      }) as typeof window.scrollTo;
    });
    fireEvent.keyDown(link(0), { key: 'End', ctrlKey: true });
    expect(await scrolled).toBeGreaterThan(250 * ROW_HEIGHT);
    await waitFor(() => expect(document.activeElement).toBe(link(299)));
  });
});
