import type { WatchlistLoadError } from '@centinela/shared';
import { OFAC_MARCH, UN_SC, readBytes } from './support.ts';

/** A file the list refuses, what the source's health must then say, and the current version untouched. */
export type BadFile = { name: string; bytes: Buffer; code: WatchlistLoadError; message: RegExp };

/** OFAC 2024-03-15's 14,466 rows, one per line, the last line its Ctrl-Z end mark. */
const MARCH_ROWS = 14466;

/**
 * The four ways a list file is not a whole list, made from the real files and refused by OFAC's list
 * while OFAC 2024-03-15 is its current version.
 */
export async function badOfacFiles(): Promise<BadFile[]> {
  const march = await readBytes(OFAC_MARCH);
  const lineEnd = (at: number) => march.indexOf('\n', at) + 1;
  const tenth = Math.floor(MARCH_ROWS / 10);
  let firstLines = 0;
  for (let i = 0; i < tenth; i++) firstLines = lineEnd(firstLines);
  return [
    // Cut at a line end half-way: every row read is whole, only the end mark says the file is short.
    {
      name: 'truncated',
      bytes: march.subarray(0, lineEnd(march.length / 2)),
      code: 'truncated',
      message: /does not end with its end-of-file mark/,
    },
    {
      name: 'wrong format (the UN XML as OFAC)',
      bytes: await readBytes(UN_SC),
      code: 'format',
      message: /XML or HTML/,
    },
    { name: 'empty', bytes: Buffer.alloc(0), code: 'empty', message: /empty/ },
    // A well-formed list, end mark and all, with a tenth of the rows: a publisher's mistake, not a delisting of 90%.
    {
      name: 'shrank by 90%',
      bytes: Buffer.concat([march.subarray(0, firstLines), Buffer.from('\x1a')]),
      code: 'shrank',
      message: new RegExp(
        `holds ${tenth} entries, the current version ${MARCH_ROWS}: a list does not lose 90% at once`,
      ),
    },
  ];
}
