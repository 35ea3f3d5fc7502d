import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MatchDetails } from '../components/match-details.tsx';
import { toMatch } from '../utils/match.ts';
import { buildMatch } from './watchlists-fixtures.ts';

// A weak alias is marked weak, and a name match says how many words of each side were paired.
describe('a match found on a weak alias', () => {
  it('is marked weak and shows the words paired', () => {
    const record = {
      ...buildMatch({ name: 'AL-SAYED, Mohammad Khalil', matchedName: 'IBRAHIM, Mohammad', matchedBy: 'name' }),
      weak: true,
      nameParts: { matched: 2, person: 2, listed: 2 },
    };
    render(
      <MemoryRouter>
        <MantineProvider>
          <MatchDetails match={toMatch(record)!} />
        </MantineProvider>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('watchlist-weak-alias').textContent).toBe(
      'Weak alias: the publisher says not to rely on it alone',
    );
    expect(screen.getByText('Words paired: 2 of 2 typed, of 2 listed')).toBeTruthy();
  });

  it('a strong name is not marked weak', () => {
    render(
      <MemoryRouter>
        <MantineProvider>
          <MatchDetails match={toMatch(buildMatch({ matchedBy: 'name' }))!} />
        </MantineProvider>
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('watchlist-weak-alias')).toBeNull();
  });
});
