import { ZPL_EPC_WRITE, type ZplPlaceholder } from '@rfid/contract';

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
 * price, a GS1-128 barcode of (01) GTIN and (21) serial, the EPC in text, and the ^RFW write of the SGTIN-96 EPC.
 */
export const DEMO_HANG_TAG_ZPL = [
  '^XA',
  '^CI28',
  '^PW406',
  '^LL609',
  '^RS8',
  '^RFW,H^FD{{epc}}^FS',
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
  '^RFW,H^FD{{epc}}^FS',
  '^FO20,15^A0N,22,22^FB366,1,0,L^FD{{description}}^FS',
  '^FO20,45^BY2^BCN,80,Y,N,N,D^FD(01){{gtin}}^FS',
  '^FO250,170^A0N,18,18^FD{{serial}}^FS',
  '^PQ1',
  '^XZ',
].join('\n');
