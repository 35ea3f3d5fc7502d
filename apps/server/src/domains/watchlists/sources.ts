import path from 'node:path';
import type { WatchlistSourceId } from '@centinela/shared';
import type { Config } from '../../lib/config.ts';
import { WATCHLIST_PARSERS, type WatchlistParser } from './parsers/index.ts';

/**
 * A list source: who publishes it, where the sync downloads it, how its file is read, how often it is
 * looked at. Another list (EU, UK, Brazil's CEIS/CNEP, Argentina's RePET…) is one more definition here
 * plus its parser in parsers/.
 */
export type ListSource = {
  id: WatchlistSourceId;
  /** The authority, a proper name (not translated). */
  publisher: string;
  /** The official download, from configuration. */
  url: string;
  parse: WatchlistParser;
  /** How often the sync asks the publisher (conditional requests make an unchanged list cheap). */
  syncEveryMs: number;
  /** The snapshot shipped with the product (apps/server/assets/watchlists), loaded when the list has no version yet. */
  bundled: { file: string; asOf: string };
  /**
   * A new file with fewer entries than this share of the current version's is refused (a partial
   * download or a publisher's mistake) rather than delisting everyone it lacks.
   */
  minKeptShare: number;
};

const HOUR = 3_600_000;
export const BUNDLED_DIR = path.resolve(import.meta.dirname, '../../../assets/watchlists');

export function listSources(
  config: Pick<Config, 'WATCHLIST_OFAC_SDN_URL' | 'WATCHLIST_UN_SC_URL' | 'WATCHLIST_SAT_69B_URL'>,
): ListSource[] {
  return [
    {
      id: 'ofac-sdn',
      publisher: 'U.S. Treasury — OFAC',
      url: config.WATCHLIST_OFAC_SDN_URL,
      parse: WATCHLIST_PARSERS['ofac-sdn'],
      syncEveryMs: 6 * HOUR,
      bundled: { file: 'ofac-sdn-2024-03-15.csv', asOf: '2024-03-15' },
      minKeptShare: 0.5,
    },
    {
      id: 'un-sc',
      publisher: 'United Nations Security Council',
      url: config.WATCHLIST_UN_SC_URL,
      parse: WATCHLIST_PARSERS['un-sc'],
      syncEveryMs: 12 * HOUR,
      bundled: { file: 'un-sc-consolidated-2018-10-29.xml', asOf: '2018-10-29' },
      minKeptShare: 0.5,
    },
    {
      id: 'sat-69b',
      publisher: 'SAT (México) — Artículo 69-B CFF',
      url: config.WATCHLIST_SAT_69B_URL,
      parse: WATCHLIST_PARSERS['sat-69b'],
      syncEveryMs: 24 * HOUR,
      bundled: { file: 'sat-69b-2022-11-30.csv', asOf: '2022-11-30' },
      minKeptShare: 0.5,
    },
  ];
}
