import { type PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';

/** A4 in points. */
export const PAGE = { width: 595.28, height: 841.89 } as const;
export const MARGIN = 50;
/** Kept free at the foot of every page for the code and the page number (drawn last, see `footer`). */
const FOOTER = 28;
export const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;

export const GREY = rgb(0.4, 0.4, 0.4);
export const BLACK = rgb(0, 0, 0);

/**
 * The standard PDF fonts speak WinAnsi: every Spanish and Portuguese letter (á é í ó ú ñ ç ã õ ü ¿ ¡), not
 * every letter a name may hold. Anything else is written as its base letter (ğ → g, ł → l), else as "?",
 * so a name never fails the whole PDF.
 */
const NO_DECOMPOSITION: Record<string, string> = { ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ı: 'i', ħ: 'h', Ħ: 'H' };

export function drawableText(font: PDFFont): (text: string) => string {
  const known = new Set(font.getCharacterSet());
  const has = (ch: string) => known.has(ch.codePointAt(0)!);
  return (text) =>
    [...text.normalize('NFC')]
      .map((ch) => {
        if (has(ch)) return ch;
        if (/\s/u.test(ch)) return ' ';
        if (/\p{C}/u.test(ch)) return '';
        const base = NO_DECOMPOSITION[ch] ?? ch.normalize('NFD').replace(/\p{M}/gu, '');
        return base && [...base].every(has) ? base : '?';
      })
      .join('');
}

/** Greedy line breaking at spaces; a word wider than the line is cut where it must. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (rest && !fits(rest)) {
        let cut = rest.length - 1;
        while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

export type Fonts = { regular: PDFFont; bold: PDFFont };
type TextOptions = { size?: number; bold?: boolean; indent?: number; width?: number; color?: typeof BLACK };

/** Writes top to bottom, page after page: text wraps to the width and a line that would not fit starts a page. */
export class PageWriter {
  page!: PDFPage;
  y = 0;
  private readonly doc: PDFDocument;
  private readonly fonts: Fonts;
  private readonly clean: (text: string) => string;

  constructor(doc: PDFDocument, fonts: Fonts) {
    this.doc = doc;
    this.fonts = fonts;
    this.clean = drawableText(fonts.regular);
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }

  /** Starts a page unless `height` points are left above the footer. */
  ensure(height: number): void {
    if (this.y - height < MARGIN + FOOTER) this.newPage();
  }

  space(points: number): void {
    this.y -= points;
  }

  text(text: string, { size = 10, bold = false, indent = 0, width, color = BLACK }: TextOptions = {}): void {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const lineHeight = size * 1.35;
    for (const line of wrapText(this.clean(text), font, size, width ?? CONTENT_WIDTH - indent)) {
      this.ensure(lineHeight);
      this.page.drawText(line, { x: MARGIN + indent, y: this.y - size, size, font, color });
      this.y -= lineHeight;
    }
  }

  /** "Label: value", the label in bold, the value wrapping under itself (under the label, if that is long). */
  field(label: string, value: string, indent = 0): void {
    const size = 10;
    const labelText = `${this.clean(label)}: `;
    const wide = this.fonts.bold.widthOfTextAtSize(labelText, size);
    if (wide > CONTENT_WIDTH / 3) {
      this.text(labelText, { bold: true, indent });
      this.text(value, { indent: indent + 10 });
      return;
    }
    const lines = wrapText(this.clean(value), this.fonts.regular, size, CONTENT_WIDTH - indent - wide);
    const lineHeight = size * 1.35;
    lines.forEach((line, i) => {
      this.ensure(lineHeight);
      if (i === 0) this.page.drawText(labelText, { x: MARGIN + indent, y: this.y - size, size, font: this.fonts.bold });
      this.page.drawText(line, { x: MARGIN + indent + wide, y: this.y - size, size, font: this.fonts.regular });
      this.y -= lineHeight;
    });
  }

  /** A section title with a rule under it; never alone at the foot of a page. */
  heading(text: string): void {
    this.ensure(60);
    this.space(10);
    this.text(text, { size: 13, bold: true });
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + 2 },
      end: { x: PAGE.width - MARGIN, y: this.y + 2 },
      thickness: 0.5,
      color: GREY,
    });
    this.space(6);
  }

  /** The line at the foot of every page (drawn once all pages exist: "Page 2 of 3"). */
  footer(line: (page: number, count: number) => string): void {
    const pages = this.doc.getPages();
    pages.forEach((page, i) => {
      page.drawText(this.clean(line(i + 1, pages.length)), {
        x: MARGIN,
        y: MARGIN - 10,
        size: 8,
        font: this.fonts.regular,
        color: GREY,
      });
    });
  }
}
