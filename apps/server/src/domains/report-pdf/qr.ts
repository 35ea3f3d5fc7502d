import type { PDFPage } from 'pdf-lib';
import qrcode from 'qrcode-generator';
import { BLACK } from './layout.ts';

/**
 * A QR code of `text` drawn as vector squares (sharp at any zoom or print size), `size` points wide with its
 * top-left corner at (x, top). Error correction M: it still scans with a crease or a stain. The quiet zone
 * is the page's white margin around it.
 */
export function drawQrCode(page: PDFPage, text: string, { x, top, size }: { x: number; top: number; size: number }) {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  const cell = size / count;
  for (let row = 0; row < count; row++) {
    // One rectangle per run of dark modules in a row: fewer drawing operations than one per module.
    for (let col = 0; col < count;) {
      if (!qr.isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < count && qr.isDark(row, col)) col++;
      page.drawRectangle({
        x: x + start * cell,
        y: top - (row + 1) * cell,
        width: (col - start) * cell,
        height: cell,
        color: BLACK,
      });
    }
  }
}
