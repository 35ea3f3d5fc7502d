import type { ByteSource } from '../entry.ts';
import { WatchlistFormatError } from '../errors.ts';

/**
 * The file's text, chunk by chunk as the bytes arrive (never the whole file as one string).
 * 'windows-1252' is what the WHATWG decoder means by "latin1" too: Latin-1 plus the curly quotes
 * SAT's file holds. 'utf-8' is strict: a byte that is not UTF-8 is an error, not a replacement mark.
 * Throws WatchlistFormatError 'empty' when the file holds nothing but white space.
 */
export async function* decodedText(source: ByteSource, encoding: 'windows-1252' | 'utf-8'): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding, { fatal: encoding === 'utf-8' });
  let held = '';
  let content = false;
  const decode = (bytes?: Uint8Array) => {
    try {
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch (error) {
      // Bytes left over at the end are a character cut in two: the file stops early.
      if (!bytes)
        throw new WatchlistFormatError('truncated', 'the file ends in the middle of a character', {}, { cause: error });
      throw new WatchlistFormatError('malformed', `the file is not valid ${encoding}`, {}, { cause: error });
    }
  };
  for await (const bytes of source) {
    const text = decode(bytes);
    if (content) {
      if (text) yield text;
    } else if (/\S/.test(text)) {
      // Leading white space waits for the first content, so a blank file is 'empty' and not a bad row.
      content = true;
      yield held + text;
      held = '';
    } else {
      held += text;
    }
  }
  const rest = decode();
  if (rest && content) yield rest;
  else if (/\S/.test(rest)) yield held + rest;
  else if (!content) throw new WatchlistFormatError('empty', 'the file is empty');
}

/** The first character that is not white space or a byte-order mark tells a CSV from XML or HTML. */
export function looksLikeMarkup(text: string): boolean {
  return /^[\s\uFEFF]*</.test(text);
}
