import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildProfile,
  listQueries,
  PAGE_LOAD,
  signedInWithProfiles,
} from '../../features/profiles/__tests__/profiles-fixtures.ts';
import { navbarMetrics } from '../../features/metrics/__tests__/metrics-fixtures.ts';
import { json } from '../../testing/fetch-stub.ts';
import { bootApp } from '../boot.tsx';

const asked = (requests: Request[], path: string) => requests.filter((r) => new URL(r.url).pathname === path).length;

describe('starting the app on a persons list', () => {
  it('asks for the rows, the counts, the pipelines and the navbar figures at start-up, once each, and shows them', async () => {
    const requests = signedInWithProfiles([buildProfile({ name: 'Ana Gómez' })], {
      'GET /api/v1/metrics/navbar': () => json(200, navbarMetrics()),
    });
    window.history.replaceState(null, '', '/persons/co?status=PASSED&sort=name&order=asc');
    const root = document.createElement('div');
    document.body.append(root);

    // What had been asked for when the first render put something in the root (an observer's record, not a
    // poll: a poll can look only after the render, on a busy machine).
    const pageData = ['/api/v1/profiles', '/api/v1/profiles/counts', '/api/v1/pipelines', '/api/v1/metrics/navbar'];
    const askedAtFirstRender = new Promise<number[]>((resolve) => {
      const observer = new MutationObserver(() => {
        observer.disconnect();
        resolve(pageData.map((path) => asked(requests, path)));
      });
      observer.observe(root, { childList: true });
    });

    const started = bootApp(root);
    // Before the first render (which waits for the catalogue and the user): the page's own data is asked for,
    // the navbar figures too — the page reads whether consent is required from them, and a query its first
    // render started would re-render it inside the commit.
    expect(await askedAtFirstRender).toEqual([1, 1, 1, 1]);

    expect(await screen.findByRole('link', { name: 'Ana Gómez' }, PAGE_LOAD)).toBeTruthy();
    const query = listQueries(requests)[0]!;
    expect([
      query.get('country'),
      query.get('status'),
      query.get('sort'),
      query.get('order'),
      query.get('limit'),
    ]).toEqual(['co', 'PASSED', 'name', 'asc', '50']);
    // The page's hooks found those answers: nothing asked twice.
    expect([
      asked(requests, '/api/v1/profiles'),
      asked(requests, '/api/v1/profiles/counts'),
      asked(requests, '/api/v1/pipelines'),
      asked(requests, '/api/v1/metrics/navbar'),
    ]).toEqual([1, 1, 1, 1]);
    // Nothing of the app keeps running once the test's window is gone.
    const reactRoot = await started;
    act(() => reactRoot.unmount());
    root.remove();
  });
});
