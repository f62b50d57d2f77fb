import { EpcError } from './errors.js';

const ZERO = 48;

const isDigits = (s: string): boolean => {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i) - ZERO;
    if (c < 0 || c > 9) return false;
  }
  return true;
};

export const allDigits = isDigits;

/** GS1 mod-10 check digit: weights 3,1,3,… from the right. Same rule for GTIN-8/12/13/14, SSCC, GLN, GRAI. */
export function gtinCheckDigit(digitsWithoutCheck: string): number {
  if (typeof digitsWithoutCheck !== 'string' || !isDigits(digitsWithoutCheck)) {
    throw new EpcError('BAD_VALUE', `Expected digits, got '${String(digitsWithoutCheck)}'`);
  }
  return checkDigitUnchecked(digitsWithoutCheck, 0, digitsWithoutCheck.length);
}

/** Check digit of s[start, end) — the caller guarantees digits. */
export function checkDigitUnchecked(s: string, start: number, end: number): number {
  let sum = 0;
  let weight3 = true;
  for (let i = end - 1; i >= start; i--) {
    const d = s.charCodeAt(i) - ZERO;
    sum += weight3 ? d * 3 : d;
    weight3 = !weight3;
  }
  return (10 - (sum % 10)) % 10;
}

/** True when the last digit of an all-digit string is its GS1 check digit. */
export function hasValidCheckDigit(digits: string): boolean {
  if (!isDigits(digits) || digits.length < 2) return false;
  const last = digits.charCodeAt(digits.length - 1) - ZERO;
  return checkDigitUnchecked(digits, 0, digits.length - 1) === last;
}

const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/** GTIN-8, -12, -13 or -14, all digits, check digit verified. */
export function isValidGtin(gtin: string): boolean {
  return typeof gtin === 'string' && GTIN_LENGTHS.has(gtin.length) && hasValidCheckDigit(gtin);
}

/** Left-pads a GTIN-8/12/13/14 to 14 digits; throws BAD_VALUE (shape) or BAD_CHECK_DIGIT. */
export function toGtin14(gtin: string): string {
  if (typeof gtin !== 'string' || !GTIN_LENGTHS.has(gtin.length) || !isDigits(gtin)) {
    throw new EpcError('BAD_VALUE', `A GTIN has 8, 12, 13 or 14 digits, got '${String(gtin)}'`);
  }
  if (!hasValidCheckDigit(gtin)) {
    throw new EpcError('BAD_CHECK_DIGIT', `GTIN ${gtin} has a wrong check digit`);
  }
  return gtin.padStart(14, '0');
}

/** GLN (Global Location Number): 13 digits, the last its GS1 check digit. */
export function isValidGln(gln: string): boolean {
  return typeof gln === 'string' && gln.length === 13 && hasValidCheckDigit(gln);
}

/**
 * GLN extension (AI 254, the SGLN's extension component): 1 to 20 characters of GS1 AI encodable character set 82
 * (GS1 General Specifications 7.11, figure 7.11-1).
 */
export const GLN_EXTENSION_PATTERN = /^[A-Za-z0-9!"%&'()*+,\-./:;<=>?_]{1,20}$/;
export function isValidGlnExtension(extension: string): boolean {
  return typeof extension === 'string' && GLN_EXTENSION_PATTERN.test(extension);
}
