import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { barcodeVectors, renderStickers, STICKER_PAGE } from './sticker-pdf.js';

describe('sticker PDF', () => {
  it('draws Code 128 as vectors: bars one to four modules wide (3 points each) and the text as glyphs', () => {
    const barcode = barcodeVectors('PO-STK-MAD-A');
    const bars = barcode.paths.filter((p) => p.stroke !== null);
    expect(bars.length).toBeGreaterThan(0);
    expect(new Set(bars.map((p) => p.stroke))).toEqual(new Set([3, 6, 9, 12]));
    expect(barcode.paths.some((p) => p.filled)).toBe(true);
    expect(barcode.width).toBeGreaterThan(barcode.height);
  });

  it('one page per box; characters the PDF fonts lack become "?" instead of failing the file', async () => {
    const bytes = await renderStickers({
      order: { id: 1, order_code: 'PO-中-1', origin: 'Proveedor ✓', destination: 'Tienda Gran Vía' },
      boxes: [
        { id: 1, codebar: 'BOX-1', expected: 1, lines: [{ gtin: '08437012100039', description: 'Camiseta 中', quantity: 1 }] },
        { id: 2, codebar: 'BOX-2', expected: 0, lines: [] },
      ],
      language: 'en',
    });
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getPage(1).getSize()).toEqual({ width: STICKER_PAGE.width, height: STICKER_PAGE.height });
    expect(pdf.getTitle()).toBe('PO-?-1 stickers');
    expect(pdf.getSubject()).toBe('BOX-1 BOX-2');
  });
});
