import type createDOMPurify from 'dompurify';
import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_CONTENT_TYPES, type UploadContentType } from '@centinela/shared';

type SvgElement = {
  nodeName: string;
  outerHTML: string;
  attributes: ArrayLike<{ name: string; value: string }>;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  querySelector(selector: string): SvgElement | null;
  querySelectorAll(selector: string): ArrayLike<SvgElement>;
};
type SvgWindow = {
  DOMParser: new () => {
    parseFromString(
      source: string,
      type: string,
    ): { documentElement: SvgElement; getElementsByTagName(name: string): ArrayLike<unknown> };
  };
};
type Jsdom = new (html: string) => { window: SvgWindow };

/**
 * jsdom and DOMPurify, loaded on the first SVG only: jsdom alone adds ~95 MB to the server's memory,
 * which every process would otherwise carry from start-up (bench/csv-import.ts measures the RSS).
 */
let svgTools: Promise<{ JSDOM: Jsdom; createDOMPurify: typeof createDOMPurify }> | null = null;
const loadSvgTools = () =>
  (svgTools ??= Promise.all([
    // jsdom ships no types (and @types/jsdom is not installed): the few calls below are typed above.
    // @ts-expect-error -- untyped module
    import('jsdom') as Promise<{ JSDOM: unknown }>,
    import('dompurify'),
  ]).then(([jsdom, purify]) => ({ JSDOM: jsdom.JSDOM as Jsdom, createDOMPurify: purify.default })));

/** Why a file was refused (the API's `issues`). */
export class UploadTypeError extends Error {
  readonly reason: 'type_not_allowed' | 'name_mismatch' | 'svg_invalid' | 'empty';

  constructor(reason: 'type_not_allowed' | 'name_mismatch' | 'svg_invalid' | 'empty') {
    super(reason);
    this.reason = reason;
  }
}

export type Checked = { contentType: UploadContentType; body: Buffer; fileName: string };

const BINARY: Record<string, UploadContentType> = {
  'image/png': 'image/png',
  'image/jpeg': 'image/jpeg',
  'image/gif': 'image/gif',
  'application/pdf': 'application/pdf',
};

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/** Text a spreadsheet would write: valid UTF-8, or Latin-1 without control characters; never a NUL. */
function isText(body: Buffer): boolean {
  if (body.includes(0)) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    text = body.toString('latin1');
  }
  // Controls other than tab, CR, LF (and the C1 range Latin-1 misreads) mean a binary file.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  return !/[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(text);
}

const looksLikeSvg = (body: Buffer) =>
  /^(\uFEFF)?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(
    body.subarray(0, 4096).toString('utf8'),
  );

/**
 * An SVG stripped of what can run or reach out: DOMPurify's SVG profile (no script, no event handlers,
 * no foreignObject), then every href that is not a same-document `#fragment` and every `url(...)` that
 * is not one. Throws when it is not an `<svg>` document at all.
 */
export async function sanitizeSvg(source: string): Promise<string> {
  const { JSDOM, createDOMPurify } = await loadSvgTools();
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  const parsed = new window.DOMParser().parseFromString(source, 'image/svg+xml');
  if (
    parsed.getElementsByTagName('parsererror').length > 0 ||
    parsed.documentElement.nodeName.toLowerCase() !== 'svg'
  ) {
    throw new UploadTypeError('svg_invalid');
  }
  const clean = purify.sanitize(parsed.documentElement as unknown as Parameters<typeof purify.sanitize>[0], {
    USE_PROFILES: { svg: true, svgFilters: true },
    RETURN_DOM: true,
    FORBID_TAGS: ['style'],
  }) as unknown as SvgElement;
  const root = clean.nodeName.toLowerCase() === 'svg' ? clean : clean.querySelector('svg');
  if (!root) throw new UploadTypeError('svg_invalid');
  const external = (value: string) => !value.trim().startsWith('#');
  for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if ((name === 'href' || name.endsWith(':href') || name === 'src') && external(attr.value))
        el.removeAttribute(attr.name);
      else if (/url\s*\(\s*['"]?(?!#)/i.test(attr.value)) el.removeAttribute(attr.name);
    }
  }
  if (!root.getAttribute('xmlns')) root.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root.outerHTML}`;
}

/**
 * Decides a file's type from its bytes (SPEC §7: csv, gif, jpg, jpeg, png, pdf, svg), then checks the
 * name agrees: an .exe renamed .png is refused, and an SVG comes back sanitised.
 */
export async function checkUpload(fileName: string, body: Buffer): Promise<Checked> {
  if (body.length === 0) throw new UploadTypeError('empty');
  const ext = extensionOf(fileName);
  const sniffed = await fileTypeFromBuffer(body);
  let contentType: UploadContentType;
  let out = body;
  if (sniffed && BINARY[sniffed.mime]) contentType = BINARY[sniffed.mime]!;
  else if (sniffed && sniffed.mime !== 'application/xml' && sniffed.mime !== 'image/svg+xml')
    throw new UploadTypeError('type_not_allowed');
  else if (looksLikeSvg(body) || ext === 'svg') {
    if (!isText(body)) throw new UploadTypeError('type_not_allowed');
    contentType = 'image/svg+xml';
    out = Buffer.from(await sanitizeSvg(body.toString('utf8')), 'utf8');
  } else if (isText(body)) contentType = 'text/csv';
  else throw new UploadTypeError('type_not_allowed');

  const allowed: readonly string[] = UPLOAD_CONTENT_TYPES[contentType];
  if (ext && !allowed.includes(ext)) throw new UploadTypeError('name_mismatch');
  // Control characters never belong in a stored name.
  // eslint-disable-next-line no-control-regex -- the class names them on purpose
  const unsafe = /[\u0000-\u001f\u007f/\\]+/g;
  const base = fileName.replace(unsafe, '_').trim().slice(0, 200) || 'file';
  return { contentType, body: out, fileName: ext ? base : `${base}.${allowed[0]}` };
}
