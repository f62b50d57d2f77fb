import bwipjs from 'bwip-js';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { StickerBox, StickerOrder } from './stickers.repository.js';

/** 100 × 150 mm (4 × 6 in), the usual box label, in PDF points. */
export const STICKER_PAGE = { width: (100 / 25.4) * 72, height: (150 / 25.4) * 72 } as const;
const MARGIN = 14;
const LINES_SHOWN = 12;

const WORDS = {
  es: { box: 'Caja', of: 'de', from: 'Origen', to: 'Destino', items: 'Artículos esperados', more: 'más' },
  en: { box: 'Box', of: 'of', from: 'From', to: 'To', items: 'Expected items', more: 'more' },
} as const;
export type StickerLanguage = keyof typeof WORDS;

/** The standard PDF fonts speak WinAnsi: other characters become '?'. */
const printable = (text: string): string => text.replace(/[^\u0020-\u007e\u00a0-\u00ff€]/g, '?');

const fit = (text: string, font: PDFFont, size: number, width: number): string => {
  let value = printable(text);
  while (value.length > 1 && font.widthOfTextAtSize(value, size) > width) value = `${value.slice(0, -2)}…`;
  return value;
};

type VectorBarcode = { width: number; height: number; paths: { d: string; stroke: number | null; filled: boolean }[] };

/**
 * Code 128 of the box barcode with its text under the bars, as vectors (bwip-js SVG: stroked bars and filled glyphs),
 * drawn straight into the PDF: sharp at any printer resolution, and far lighter than an image per page.
 */
export const barcodeVectors = (codebar: string): VectorBarcode => {
  const svg = bwipjs.toSVG({ bcid: 'code128', text: codebar, scale: 3, height: 14, includetext: true, textxalign: 'center' });
  const [, width = '0', height = '0'] = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg) ?? [];
  const paths = [...svg.matchAll(/<path ([^>]*)\/>/g)].map(([, attributes = '']) => {
    const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(attributes)?.[1];
    const strokeWidth = attribute('stroke-width');
    return { d: attribute('d') ?? '', stroke: strokeWidth ? Number(strokeWidth) : null, filled: attribute('fill') !== undefined };
  });
  return { width: Number(width), height: Number(height), paths };
};

const drawBox = (
  page: PDFPage,
  fonts: { regular: PDFFont; bold: PDFFont },
  {
    order,
    box,
    index,
    total,
    language,
  }: { order: StickerOrder; box: StickerBox; index: number; total: number; language: StickerLanguage },
) => {
  const words = WORDS[language];
  const width = STICKER_PAGE.width - 2 * MARGIN;
  let y = STICKER_PAGE.height - MARGIN - 18;
  page.drawText(fit(order.order_code, fonts.bold, 18, width), { x: MARGIN, y, size: 18, font: fonts.bold });
  y -= 16;
  page.drawText(`${words.box} ${index} ${words.of} ${total}`, { x: MARGIN, y, size: 11, font: fonts.regular });
  y -= 8;
  const barcode = barcodeVectors(box.codebar);
  const scale = Math.min(width / barcode.width, 90 / barcode.height);
  const left = MARGIN + (width - barcode.width * scale) / 2;
  y -= 4;
  for (const path of barcode.paths) {
    // drawSvgPath puts the SVG's top left corner at (x, y), y growing down as in SVG; its scale scales the line widths.
    page.drawSvgPath(path.d, {
      x: left,
      y,
      scale,
      ...(path.stroke === null ? {} : { borderColor: rgb(0, 0, 0), borderWidth: path.stroke }),
      ...(path.filled ? { color: rgb(0, 0, 0) } : {}),
    });
  }
  y -= barcode.height * scale + 18;
  for (const [label, value] of [
    [words.from, order.origin],
    [words.to, order.destination],
  ] as const) {
    page.drawText(`${label}:`, { x: MARGIN, y, size: 9, font: fonts.bold });
    page.drawText(fit(value || '—', fonts.regular, 9, width - 50), { x: MARGIN + 50, y, size: 9, font: fonts.regular });
    y -= 13;
  }
  y -= 4;
  page.drawLine({
    start: { x: MARGIN, y: y + 8 },
    end: { x: MARGIN + width, y: y + 8 },
    thickness: 0.5,
    color: rgb(0.6, 0.6, 0.6),
  });
  page.drawText(`${words.items}: ${box.expected}`, { x: MARGIN, y: y - 4, size: 10, font: fonts.bold });
  y -= 18;
  for (const line of box.lines.slice(0, LINES_SHOWN)) {
    page.drawText(line.gtin, { x: MARGIN, y, size: 7.5, font: fonts.regular });
    page.drawText(String(line.quantity), { x: MARGIN + 70, y, size: 7.5, font: fonts.bold });
    page.drawText(fit(line.description, fonts.regular, 7.5, width - 95), { x: MARGIN + 95, y, size: 7.5, font: fonts.regular });
    y -= 10;
  }
  if (box.lines.length > LINES_SHOWN) {
    page.drawText(`+ ${box.lines.length - LINES_SHOWN} ${words.more}`, { x: MARGIN, y, size: 7.5, font: fonts.regular });
  }
};

/** One page per box: the order code, "box n of N", the box barcode as Code 128, origin and destination, its lines. */
export const renderStickers = async ({
  order,
  boxes,
  language,
}: {
  order: StickerOrder;
  boxes: StickerBox[];
  language: StickerLanguage;
}): Promise<Uint8Array> => {
  const doc = await PDFDocument.create();
  doc.setTitle(printable(`${order.order_code} stickers`));
  doc.setSubject(printable(boxes.map((b) => b.codebar).join(' ')));
  doc.setCreator('Bionix RFID');
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  let index = 0;
  for (const box of boxes) {
    index += 1;
    const page = doc.addPage([STICKER_PAGE.width, STICKER_PAGE.height]);
    drawBox(page, fonts, { order, box, index, total: boxes.length, language });
    // Drawing is synchronous: let the job's lease heartbeat (and requests) run between pages, or a long
    // PDF on a busy machine loses its lease to another process and is made again.
    if (index % 10 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return doc.save();
};
