import { type PrinterDpi, ZPL_DIGITAL_LINK_QR_PLACEHOLDER, ZPL_EPC_WRITE, type ZplPlaceholder } from '@rfid/contract';
import { formatDigitalLink } from '@rfid/epc';

/** What one label shows and writes: the values of the template's placeholders. */
export type LabelData = Record<ZplPlaceholder, string>;

/**
 * A value as ZPL field data: '^' and '~' would start a command inside ^FD…^FS, and control characters have no place
 * on a label, so both become spaces. Everything else passes (the demo templates select UTF-8 with ^CI28).
 */
export const zplText = (value: string): string =>
  Array.from(value.replace(/[\^~]/g, ' '), (char) => {
    const code = char.charCodeAt(0);
    return code < 0x20 || code === 0x7f ? ' ' : char;
  }).join('');

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * One label's ZPL: the template with every {{placeholder}} filled (unknown ones are left as they are, so a typo shows
 * on the label instead of silently vanishing). The EPC must be 24 hex digits (SGTIN-96) and the template must write it
 * with ^RFW,H…^FD{{epc}}; otherwise this throws instead of printing a label whose tag is not encoded.
 */
export const renderLabel = (template: string, data: LabelData): string => {
  if (!/^[0-9A-F]{24}$/.test(data.epc)) throw new Error(`Not an SGTIN-96 EPC: ${data.epc}`);
  if (!ZPL_EPC_WRITE.test(template)) throw new Error('The tag format does not write the EPC (^RFW,H^FD{{epc}}^FS).');
  return template.replace(PLACEHOLDER, (match, key: string) =>
    Object.hasOwn(data, key) ? zplText(String(data[key as ZplPlaceholder])) : match,
  );
};

/**
 * The item's GS1 Digital Link URI as the {{digital_link}} placeholder gives it: https://id.gs1.org/01/<GTIN-14>/21/<serial>
 * (the serial percent-encoded, GS1 Digital Link: URI Syntax). A GTIN with a wrong check digit or a serial outside the
 * GS1 AI 82 set throws: the label is not printed with a QR code that no resolver would read.
 */
export const labelDigitalLink = (gtin: string, serial: string): string => formatDigitalLink(gtin, serial);

/**
 * The QR code of a format with `digital_link_qr` (ZPL II ^BQ "QR Code Bar Code": ^BQa,b,c with a normal orientation,
 * model 2 and magnification 3: 3-dot modules, 0.375 mm at 203 dpi; field data `QA,` then the data: error correction level
 * Q and automatic data input). The URI needs no ^FH escape: formatDigitalLink percent-encodes every character that is
 * not a letter, digit, '-', '.', '_' or '~', and refuses serials with '~' (outside the GS1 AI 82 set), so neither '^' nor
 * '~' can end up in the field data (zplText would also turn them into spaces).
 */
export const DIGITAL_LINK_QR_FIELD = '^BQN,2,3^FDQA,{{digital_link}}^FS';

/**
 * Room the default QR code takes from the label's bottom right corner, in dots at 203 dpi: an SGTIN-96 label's URI (40
 * characters and a serial of at most 12 digits) is a version 5 symbol at level Q (37 modules, 111 dots at magnification
 * 3), and the printer puts ^BQ's top about 10 dots below its field origin; the rest is margin. (A 20-character serial
 * full of escaped symbols would need version 8, 147 dots: the template should then place the code with its placeholder.)
 */
const DEFAULT_QR_BOX = 150;
/** A template that sets no print width or label length is taken as the demo's 2 × 3 inch hang tag. */
const DEFAULT_WIDTH = 406;
const DEFAULT_LENGTH = 609;

const QR_PLACEHOLDER = new RegExp(`\\{\\{\\s*${ZPL_DIGITAL_LINK_QR_PLACEHOLDER}\\s*\\}\\}`, 'g');

/** A command's first numeric parameter (the last ^PW or ^LL of the template), if any. */
const lastNumber = (template: string, command: string): number | undefined => {
  const values = [...template.matchAll(new RegExp(`\\^${command}\\s*(\\d+)`, 'g'))].map((match) => Number(match[1]));
  return values.at(-1);
};

/**
 * The template of a format as its labels print: with `digitalLinkQr`, a QR code of the item's GS1 Digital Link URI
 * ({{digital_link}}) is placed where the template has {{digital_link_qr}} (positioned by the template's own ^FO before
 * it), or else at the label's bottom right (from its ^PW and ^LL) just before the last ^XZ. Without the setting a
 * {{digital_link_qr}} placeholder is removed, so the template prints as before.
 */
export const withDigitalLinkQr = (template: string, digitalLinkQr: boolean): string => {
  const hasPlaceholder = new RegExp(QR_PLACEHOLDER.source).test(template);
  if (!digitalLinkQr) return hasPlaceholder ? template.replace(QR_PLACEHOLDER, '') : template;
  if (hasPlaceholder) return template.replace(QR_PLACEHOLDER, DIGITAL_LINK_QR_FIELD);
  const width = lastNumber(template, 'PW') ?? DEFAULT_WIDTH;
  const length = lastNumber(template, 'LL') ?? DEFAULT_LENGTH;
  const x = Math.max(0, width - DEFAULT_QR_BOX);
  const y = Math.max(0, length - DEFAULT_QR_BOX);
  const field = `^FO${x},${y}${DIGITAL_LINK_QR_FIELD}`;
  const end = template.lastIndexOf('^XZ');
  if (end < 0) return `${template}${field}`;
  const separator = template.includes('\n') ? '\n' : '';
  const before = template.slice(0, end).replace(/\n$/, '');
  return `${before}${separator}${field}${separator}${template.slice(end)}`;
};

/** The price as the label shows it: 2 decimals with a decimal comma (the demo company is Spanish), or ''. */
export const labelPrice = (price: string | null): string => {
  if (price === null || price === '') return '';
  const n = Number(price);
  return Number.isFinite(n) ? n.toFixed(2).replace('.', ',') : '';
};

/** The size a label shows: the primary size, else the first of the sizes; '--' reads 'Standard' (spec section 3). */
export const labelSize = (sizePrimary: string, sizes: { value: string }[] | null): string => {
  const size = sizePrimary || sizes?.[0]?.value || '';
  return size === '--' ? 'Standard' : size;
};

/**
 * The demo tag format: a 2 × 3 inch (406 × 609 dots at 203 dpi) hang tag with description, model and colour, size,
 * price, a GS1-128 barcode of (01) GTIN and (21) serial, the EPC in text, and the ^RFW write of the SGTIN-96 EPC
 * (`,,,A`: the EPC bank, with the PC bits adjusted to the EPC's length).
 */
export const DEMO_HANG_TAG_ZPL = [
  '^XA',
  '^CI28',
  '^PW406',
  '^LL609',
  '^RS8',
  '^RFW,H,,,A^FD{{epc}}^FS',
  '^FO30,30^A0N,34,34^FB346,2,0,L^FD{{description}}^FS',
  '^FO30,110^A0N,26,26^FD{{model}}  {{colour}}^FS',
  '^FO30,150^A0N,26,26^FDT. {{size}}^FS',
  '^FO30,200^A0N,52,52^FD{{price}} €^FS',
  '^FO30,290^BY2^BCN,100,Y,N,N,D^FD(01){{gtin}}(21){{serial}}^FS',
  '^FO30,450^A0N,18,18^FDEPC {{epc}}^FS',
  '^PQ1',
  '^XZ',
].join('\n');

/** The demo adhesive format: a 2 × 1 inch sticker with the GS1-128 barcode of the GTIN and the EPC write. */
export const DEMO_STICKER_ZPL = [
  '^XA',
  '^CI28',
  '^PW406',
  '^LL203',
  '^RS8',
  '^RFW,H,,,A^FD{{epc}}^FS',
  '^FO20,15^A0N,22,22^FB366,1,0,L^FD{{description}}^FS',
  '^FO20,45^BY2^BCN,80,Y,N,N,D^FD(01){{gtin}}^FS',
  '^FO250,170^A0N,18,18^FD{{serial}}^FS',
  '^PQ1',
  '^XZ',
].join('\n');

/**
 * `^RFW,H` with no further parameters becomes `^RFW,H,,,A`: ^RF's memory bank parameter `A` writes the EPC bank and
 * adjusts the tag's PC bits (the EPC length) to the data written (Zebra RFID Programming Guide, ^RF "Read or Write
 * RFID Format", ^RFo,f,b,n,m); a plain `^RFW,H` leaves the PC length bits as the inlay came, so a 128-bit inlay would
 * report 128 bits with our 96-bit EPC in front. Writes that name their parameters are left as they are.
 */
export const withPcBitsAdjusted = (template: string): string => template.replace(/\^RFW,H(?=\^FD)/g, '^RFW,H,,,A');

/**
 * Zebra's "203 / 300 / 600 dpi" heads are 8, 12 and 24 dots per mm (ZPL II guide, ^JM and the printers' specs), so a
 * template drawn for 203 dpi scales by exactly 1.5 (300) and 3 (600).
 */
const DOTS_PER_MM: Record<PrinterDpi, number> = { 203: 8, 300: 12, 600: 24 };

/** Which parameters (0-based, after the command) of each command are in dots. */
const DOT_PARAMS: Record<string, readonly number[]> = {
  FO: [0, 1],
  FT: [0, 1],
  LH: [0, 1],
  PW: [0],
  LL: [0],
  LS: [0],
  LT: [0],
  // ^BYw,r,h: module width (1 to 10 dots) and bar code height; r is a ratio.
  BY: [0, 2],
  // ^BCo,h,f,g,e,m: h the bar code height.
  BC: [1],
  // ^FBa,b,c,d,e: a width, c line spacing, e hanging indent.
  FB: [0, 2, 4],
  // ^GBw,h,t,c,r: width, height, thickness.
  GB: [0, 1, 2],
  // ^RSt,p,v,…: p the read/write position and v the VOID printout length, in dot rows.
  RS: [1, 2],
  // ^CFf,h,w: default font height and width.
  CF: [1, 2],
  // ^Afo,h,w (after the font letter: orientation, height, width).
  A: [1, 2],
  // ^BQa,b,c: c the QR code's magnification (module size in dots, 1 to 10).
  BQ: [2],
};

/** Parameters that are a count of dots between 1 and 10: ^BY's module width and ^BQ's magnification. */
const ONE_TO_TEN: Record<string, number> = { BY: 0, BQ: 2 };

const COMMAND = /\^(A[0-9A-Z@]|CF|FO|FT|LH|PW|LL|LS|LT|BY|BC|BQ|FB|GB|RS)([^^~]*)/g;

/**
 * A template drawn at 203 dpi for a printer of `dpi`: every coordinate and size in dots (^FO, ^FT, ^LH, ^PW, ^LL,
 * ^LS, ^LT, ^A and ^CF font height and width, ^BY module width and height, ^BC height, ^FB width, spacing and indent,
 * ^GB width, height and thickness, ^RS read/write position and VOID length, ^BQ magnification) is multiplied by the ratio
 * of the heads' dots per mm and rounded; sizes never drop below 1 dot and ^BY's module width and ^BQ's magnification
 * stay within 1 to 10. Field data and
 * every other command are left as they are.
 */
export const scaleZpl = (template: string, dpi: PrinterDpi): string => {
  const factor = DOTS_PER_MM[dpi] / DOTS_PER_MM[203];
  if (factor === 1) return template;
  return template.replace(COMMAND, (whole, command: string, params: string) => {
    const key = command.startsWith('A') ? 'A' : command;
    const indexes = DOT_PARAMS[key] ?? [];
    const values = params.split(',');
    const scaled = values.map((value, index) => {
      if (!indexes.includes(index) || !/^\s*\d+\s*$/.test(value)) return value;
      const n = Number(value);
      if (n === 0) return value.trim();
      const result = Math.max(1, Math.round(n * factor));
      return String(ONE_TO_TEN[key] === index ? Math.min(10, result) : result);
    });
    const next = `^${command}${scaled.join(',')}`;
    return next === whole ? whole : next;
  });
};

/**
 * The template a printer gets: the format's GS1 Digital Link QR code placed (or its placeholder removed), the EPC write
 * with its PC bits adjusted, scaled to the printer's resolution.
 */
export const templateForPrinter = (template: string, dpi: number, { digitalLinkQr = false } = {}): string => {
  const resolution: PrinterDpi = dpi === 300 || dpi === 600 ? dpi : 203;
  return scaleZpl(withPcBitsAdjusted(withDigitalLinkQr(template, digitalLinkQr)), resolution);
};

/** Whether a (prepared) template shows the {{digital_link}} URI: only then is it worked out per label. */
export const usesDigitalLink = (template: string): boolean => /\{\{\s*digital_link\s*\}\}/.test(template);
