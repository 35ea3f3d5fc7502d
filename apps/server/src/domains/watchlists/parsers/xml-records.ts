import { SaxesParser } from 'saxes';
import type { ByteSource } from '../entry.ts';
import { WatchlistFormatError } from '../errors.ts';
import { decodedText, looksLikeMarkup } from './text-stream.ts';

/** A child with children of its own ("INDIVIDUAL_DOCUMENT"): its leaves' text, and its VALUE list. */
export type XmlGroup = { fields: Record<string, string>; values: string[] };

/**
 * One record element (INDIVIDUAL, ENTITY) read flat: its leaf children's text (white space
 * collapsed) and, per tag, the children that hold elements. Deeper levels are not kept.
 */
export type XmlRecord = { tag: string; fields: Record<string, string>; groups: Record<string, XmlGroup[]> };

export type XmlRecordsSpec = {
  listName: string;
  root: string;
  /** Record elements and how deep they sit (the root is depth 1). */
  records: ReadonlySet<string>;
  depth: number;
  onRoot?: (attributes: Record<string, string>) => void;
};

/**
 * Bounds on what a file may make the parser hold: the UN list nests 5 deep and has some 40,000 elements.
 * A file past them is not a list, and refusing it early keeps its parse in bounded memory.
 */
export const MAX_XML_DEPTH = 32;
export const MAX_XML_ELEMENTS = 1_000_000;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

type Open = { tag: string; text: string; fields: Record<string, string>; values: string[]; hasChildren: boolean };

/**
 * The record elements of a UTF-8 XML list file, streamed through saxes (a strict, well-formedness
 * checking parser). Failures become WatchlistFormatError with line and column: 'wrong_format' before
 * the expected root element, 'truncated' when the file ends with elements still open, 'malformed'
 * otherwise.
 */
export async function* xmlRecords(source: ByteSource, spec: XmlRecordsSpec): AsyncGenerator<XmlRecord> {
  const parser = new SaxesParser({ position: true });
  const ready: XmlRecord[] = [];
  const stack: Open[] = [];
  let record: XmlRecord | null = null;
  let rootSeen = false;

  let elements = 0;
  parser.on('opentag', (tag) => {
    if (++elements > MAX_XML_ELEMENTS)
      throw new WatchlistFormatError('malformed', `more than ${MAX_XML_ELEMENTS} elements: not ${spec.listName}`, {
        line: parser.line,
      });
    if (stack.length >= MAX_XML_DEPTH)
      throw new WatchlistFormatError('malformed', `elements nested over ${MAX_XML_DEPTH} deep: not ${spec.listName}`, {
        line: parser.line,
      });
    if (!rootSeen) {
      if (tag.name !== spec.root)
        parser.fail(`the root element is <${tag.name}>, not <${spec.root}> of ${spec.listName}`);
      rootSeen = true;
      spec.onRoot?.(tag.attributes as Record<string, string>);
    }
    const parent = stack.at(-1);
    if (parent) parent.hasChildren = true;
    stack.push({ tag: tag.name, text: '', fields: {}, values: [], hasChildren: false });
    if (stack.length === spec.depth && spec.records.has(tag.name)) record = { tag: tag.name, fields: {}, groups: {} };
  });
  parser.on('text', (text) => {
    const open = stack.at(-1);
    if (record && open) open.text += text;
  });
  parser.on('closetag', () => {
    const open = stack.pop()!;
    if (!record) return;
    const level = stack.length + 1 - spec.depth;
    const parent = stack.at(-1)!;
    if (level === 2) {
      if (open.tag === 'VALUE') parent.values.push(collapse(open.text));
      else parent.fields[open.tag] = collapse(open.text);
    } else if (level === 1) {
      if (open.hasChildren) (record.groups[open.tag] ??= []).push({ fields: open.fields, values: open.values });
      else record.fields[open.tag] = collapse(open.text);
    } else if (level === 0) {
      ready.push(record);
      record = null;
    }
  });

  const failure = (error: unknown, atEnd: boolean) => {
    if (error instanceof WatchlistFormatError) return error;
    const message = (error as Error).message.replace(/^[^:]*:\d+:\d+: /, '');
    const code = !rootSeen ? 'wrong_format' : atEnd ? 'truncated' : 'malformed';
    const what =
      code === 'truncated'
        ? `${spec.listName} ends before its last element closes: it was cut short`
        : `not well-formed XML (${message})`;
    return new WatchlistFormatError(code, what, { line: parser.line, column: parser.column }, { cause: error });
  };

  try {
    for await (const text of decodedText(source, 'utf-8')) {
      // saxes only objects to text outside the root at the next '<': a CSV would pass for hundreds of lines.
      if (parser.line === 1 && parser.column === 0 && !looksLikeMarkup(text)) {
        throw new WatchlistFormatError('wrong_format', `this is not XML (${spec.listName} starts with "<")`, {
          line: 1,
        });
      }
      try {
        parser.write(text);
      } catch (error) {
        throw failure(error, false);
      }
      yield* ready.splice(0);
    }
  } catch (error) {
    // Bytes that are not UTF-8 before any element: another kind of file (a Latin-1 CSV, a zip).
    if (error instanceof WatchlistFormatError && error.code === 'malformed' && !rootSeen) {
      throw new WatchlistFormatError(
        'wrong_format',
        `not the UTF-8 XML of ${spec.listName}`,
        { line: parser.line },
        { cause: error },
      );
    }
    if (error instanceof WatchlistFormatError && error.line === undefined) {
      // A decoding failure knows no line: the parser's is where the bad bytes start, give or take a chunk.
      throw new WatchlistFormatError(error.code, error.message, { line: parser.line }, { cause: error });
    }
    throw error;
  }
  try {
    parser.close();
  } catch (error) {
    throw failure(error, true);
  }
  yield* ready.splice(0);
}
