import { describe, expect, it } from 'vitest';
import type { ByteSource, WatchlistEntry } from '../../src/domains/watchlists/entry.ts';
import { WatchlistFormatError, type WatchlistFormatProblem } from '../../src/domains/watchlists/errors.ts';
import { parseOfacSdn } from '../../src/domains/watchlists/parsers/ofac-sdn.ts';
import { parseSat69b } from '../../src/domains/watchlists/parsers/sat-69b.ts';
import { parseUnSc } from '../../src/domains/watchlists/parsers/un-sc.ts';
import { OFAC_MAY, SAT_69B, UN_SC, fileBytes, readBytes, scratchDir } from './support.ts';

type Parser = (source: ByteSource) => AsyncGenerator<WatchlistEntry>;

/** The error a parse ends with, and how many entries came before it. */
async function failure(parse: Parser, path: string): Promise<{ error: WatchlistFormatError; before: number }> {
  let before = 0;
  try {
    for await (const _entry of parse(fileBytes(path))) before++;
  } catch (error) {
    if (error instanceof WatchlistFormatError) return { error, before };
    throw error;
  }
  throw new Error(`${path} parsed without an error (${before} entries)`);
}

const expectFailure = async (parse: Parser, path: string, code: WatchlistFormatProblem, line?: number) => {
  const { error } = await failure(parse, path);
  expect(error.code).toBe(code);
  if (line !== undefined) expect(error.line).toBe(line);
  return error;
};

/** 1-based line of a byte offset. */
const lineAt = (bytes: Buffer, offset: number) => bytes.subarray(0, offset).filter((byte) => byte === 0x0a).length + 1;

const files = await scratchDir();
const ofac = await readBytes(OFAC_MAY);
const un = await readBytes(UN_SC);
const sat = await readBytes(SAT_69B);

describe('watch-list parsers refuse what is not a whole list', () => {
  it('an empty file, or one of blank lines, is empty for each of them', async () => {
    const empty = await files.write('empty.csv', '');
    const blank = await files.write('blank.csv', '\r\n  \r\n\t\r\n');
    for (const parse of [parseOfacSdn, parseUnSc, parseSat69b] as Parser[]) {
      await expectFailure(parse, empty, 'empty');
      await expectFailure(parse, blank, 'empty');
    }
  });

  describe('OFAC sdn.csv', () => {
    it('cut inside a quoted field is truncated, at the line of the cut record, not a shorter list', async () => {
      const start = ofac.indexOf('48066,"TIRADO ANDRADE, Jesus"');
      const cut = await files.write('ofac-cut-in-quotes.csv', ofac.subarray(0, start + 20));
      const error = await expectFailure(parseOfacSdn, cut, 'truncated', lineAt(ofac, start));
      expect(error.message).toMatch(/ends inside a quoted field/);
    });

    it('cut at the end of a line (a tenth of the file) is truncated: the end-of-file mark is missing', async () => {
      const end = ofac.indexOf('\n', Math.floor(ofac.length / 10)) + 1;
      const cut = await files.write('ofac-tenth.csv', ofac.subarray(0, end));
      const { error, before } = await failure(parseOfacSdn, cut);
      expect(error.code).toBe('truncated');
      expect(error.message).toMatch(/end-of-file mark/);
      expect(before).toBe(lineAt(ofac, end) - 1);
    });

    it('cut between two fields of a row is malformed, at that line', async () => {
      const start = ofac.indexOf('48066,"TIRADO ANDRADE, Jesus"');
      const cut = await files.write('ofac-cut-between-fields.csv', ofac.subarray(0, ofac.indexOf('-0- ,', start) + 5));
      const error = await expectFailure(parseOfacSdn, cut, 'malformed', lineAt(ofac, start));
      expect(error.message).toMatch(/expected 12 columns/);
    });

    it('a row with a column missing in the middle of the file is malformed, at that line', async () => {
      const start = ofac.indexOf('\n', ofac.length / 2) + 1;
      const broken = Buffer.concat([
        ofac.subarray(0, start),
        Buffer.from('99999999,"SOMEONE","individual","SDGT"\r\n'),
        ofac.subarray(start),
      ]);
      await expectFailure(
        parseOfacSdn,
        await files.write('ofac-short-row.csv', broken),
        'malformed',
        lineAt(ofac, start),
      );
    });

    it('the UN XML or the SAT CSV is the wrong format, at line 1', async () => {
      const xml = await expectFailure(parseOfacSdn, UN_SC, 'wrong_format', 1);
      expect(xml.message).toMatch(/XML or HTML/);
      const satCsv = await expectFailure(parseOfacSdn, SAT_69B, 'wrong_format', 1);
      expect(satCsv.message).toMatch(/expected 12 columns .*found 20/);
    });
  });

  describe('UN XML', () => {
    it('cut in the middle is truncated, with the line and column where it stops', async () => {
      const half = Math.floor(un.length / 2);
      const { error, before } = await failure(parseUnSc, await files.write('un-half.xml', un.subarray(0, half)));
      expect(error.code).toBe('truncated');
      expect(error.line).toBe(lineAt(un, half));
      expect(error.column).toBeGreaterThan(0);
      expect(before).toBeGreaterThan(0);
    });

    it('cut inside a UTF-8 character is truncated too, not an encoding error', async () => {
      const lead = un.findIndex((byte, at) => at > un.length / 3 && byte >= 0xc0);
      const error = await expectFailure(
        parseUnSc,
        await files.write('un-cut-character.xml', un.subarray(0, lead + 1)),
        'truncated',
        lineAt(un, lead),
      );
      expect(error.message).toMatch(/middle of a character/);
    });

    it('a tag closed by another name is malformed, at its line', async () => {
      const at = un.indexOf('</FIRST_NAME>', un.length / 2);
      const broken = Buffer.concat([
        un.subarray(0, at),
        Buffer.from('</FIRSTNAME>'),
        un.subarray(at + '</FIRST_NAME>'.length),
      ]);
      await expectFailure(parseUnSc, await files.write('un-mismatched.xml', broken), 'malformed', lineAt(un, at));
    });

    it("a CSV (OFAC's, SAT's Latin-1) or another XML document is the wrong format", async () => {
      await expectFailure(parseUnSc, OFAC_MAY, 'wrong_format', 1);
      await expectFailure(parseUnSc, SAT_69B, 'wrong_format', 1);
      const feed = await expectFailure(
        parseUnSc,
        await files.write('feed.xml', '<?xml version="1.0"?>\n<feed><entry/></feed>\n'),
        'wrong_format',
        2,
      );
      expect(feed.message).toMatch(/root element is <feed>/);
    });

    it('a list with no INDIVIDUAL or ENTITY is empty', async () => {
      const none = await files.write(
        'un-none.xml',
        '<?xml version="1.0"?><CONSOLIDATED_LIST><INDIVIDUALS/><ENTITIES/></CONSOLIDATED_LIST>',
      );
      await expectFailure(parseUnSc, none, 'empty');
    });
  });

  describe('SAT 69-B', () => {
    it('without its title lines and header is the wrong format', async () => {
      const headerless = sat.subarray(sat.indexOf('\n', sat.indexOf('\n', sat.indexOf('\n') + 1) + 1) + 1);
      const error = await expectFailure(
        parseSat69b,
        await files.write('sat-headerless.csv', headerless),
        'wrong_format',
      );
      expect(error.message).toMatch(/no header row/);
    });

    it('cut inside a quoted name is truncated, at the line of the cut record', async () => {
      const start = sat.indexOf('143,AAS110331G59,"ABIRA');
      await expectFailure(
        parseSat69b,
        await files.write('sat-cut.csv', sat.subarray(0, start + 30)),
        'truncated',
        lineAt(sat, start),
      );
    });

    it('a situation SAT does not publish is malformed, at its line', async () => {
      const at = sat.indexOf(',Desvirtuado,');
      const broken = Buffer.concat([
        sat.subarray(0, at),
        Buffer.from(',Olvidado,'),
        sat.subarray(at + ',Desvirtuado,'.length),
      ]);
      await expectFailure(parseSat69b, await files.write('sat-situation.csv', broken), 'malformed', lineAt(sat, at));
    });

    it("OFAC's CSV or the UN XML is the wrong format", async () => {
      await expectFailure(parseSat69b, OFAC_MAY, 'wrong_format');
      await expectFailure(parseSat69b, UN_SC, 'wrong_format', 1);
    });
  });
});
