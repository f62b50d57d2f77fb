import { allDigits, checkDigitUnchecked } from './check-digit.js';
import { isDigitalLinkUri, parseDigitalLink } from './digital-link.js';
import { parseGs1ElementString } from './element-string.js';
import { EpcError } from './errors.js';

/**
 * A barcode scan read as a GTIN. Its own file: it reads both element strings and Digital Link URIs, and digital-link.ts
 * builds on element-string.ts, so neither of those may import the other back (no import cycle, Biome's noImportCycles).
 */

const bad = (message: string): never => {
  throw new EpcError('BAD_ELEMENT_STRING', message);
};

/** Symbology identifiers of plain GTIN carriers: EAN/UPC (]E0, ]E4) and ITF-14 (]I0, ]I1). */
const PLAIN_GTIN_PREFIXES = [']E0', ']E4', ']I0', ']I1'];

/**
 * The GTIN-14 of a barcode scan: a plain GTIN-8/12/13/14 (EAN/UPC/ITF-14), a GS1 element string with AI 01
 * (as the manual print order scan reads GS1-128) or a GS1 Digital Link URI with a GTIN (a QR code's). Throws BAD_CHECK_DIGIT or BAD_ELEMENT_STRING.
 */
export function gtinFromScan(scan: string): string {
  if (typeof scan !== 'string') return bad('A scan must be a string');
  let s = scan.trim();
  const plainPrefix = PLAIN_GTIN_PREFIXES.find((p) => s.startsWith(p));
  if (plainPrefix) s = s.slice(plainPrefix.length);
  if ((s.length === 8 || s.length === 12 || s.length === 13 || s.length === 14) && allDigits(s)) {
    if (checkDigitUnchecked(s, 0, s.length - 1) !== s.charCodeAt(s.length - 1) - 48) {
      throw new EpcError('BAD_CHECK_DIGIT', `GTIN ${s} has a wrong check digit`);
    }
    return s.padStart(14, '0');
  }
  if (plainPrefix) return bad(`'${scan}' is not a GTIN`);
  const { gtin } = isDigitalLinkUri(s) ? parseDigitalLink(s) : parseGs1ElementString(s);
  if (gtin === undefined) return bad(`'${scan}' has no GTIN (AI 01)`);
  return gtin;
}
