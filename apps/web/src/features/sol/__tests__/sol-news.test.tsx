import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import SolNews from '../components/sol-news.tsx';
import { SOL_NEWS_KEY_PREFIX } from '../utils/news-storage.ts';

function renderNews(userId: string) {
  return render(
    <MemoryRouter>
      <MantineProvider>
        <main>
          <button type="button">Something on the page</button>
        </main>
        <SolNews userId={userId} />
      </MantineProvider>
    </MemoryRouter>,
  );
}

// The news was a modal over the persons list on a first visit (the page's largest paint, and the
// list unusable behind it); it is a non-modal notice, and the page around it stays usable.
describe('Sol news notice', { timeout: 30_000 }, () => {
  it('is a named, non-modal dialog: the page stays reachable, Escape dismisses it for good', async () => {
    renderNews('u-escape');
    const news = await screen.findByRole('dialog', { name: 'New: Sol checks employment references for you' });
    expect(news.getAttribute('aria-modal')).not.toBe('true');
    // Nothing of the page is hidden from assistive technology or made inert behind it.
    const page = screen.getByRole('button', { name: 'Something on the page' });
    expect(page.closest('[aria-hidden="true"], [inert]')).toBeNull();
    page.focus();
    expect(document.activeElement).toBe(page);

    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: /Sol checks/ })).toBeNull();
    expect(window.localStorage.getItem(`${SOL_NEWS_KEY_PREFIX}u-escape`)).toBe('1');
  });

  it('"Got it" dismisses it and remembers the dismissal', async () => {
    renderNews('u-got-it');
    const news = await screen.findByRole('dialog', { name: /Sol checks/ });
    fireEvent.click(within(news).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog', { name: /Sol checks/ })).toBeNull();
    expect(window.localStorage.getItem(`${SOL_NEWS_KEY_PREFIX}u-got-it`)).toBe('1');
  });
});
