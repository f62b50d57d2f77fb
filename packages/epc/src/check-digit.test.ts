import { describe, expect, it } from 'vitest';
import { isValidGln, isValidGlnExtension } from './check-digit.js';

describe('GLN and GLN extension', () => {
  it("accepts GS1's example GLNs and refuses a wrong check digit, a wrong length or non-digits", () => {
    // GS1 General Specifications examples: GLN 0614141000012 (the EPC Tag Data Standard's SGLN examples use it too).
    expect(isValidGln('0614141000012')).toBe(true);
    expect(isValidGln('0614141000029')).toBe(true);
    expect(isValidGln('0614141000013')).toBe(false);
    expect(isValidGln('061414100001')).toBe(false);
    expect(isValidGln('06141410000120')).toBe(false);
    expect(isValidGln('061414100001a')).toBe(false);
  });

  it('accepts 1 to 20 characters of GS1 character set 82 as an extension', () => {
    expect(isValidGlnExtension('1')).toBe(true);
    expect(isValidGlnExtension('Dock-4/B')).toBe(true);
    expect(isValidGlnExtension('12345678901234567890')).toBe(true);
    expect(isValidGlnExtension('')).toBe(false);
    expect(isValidGlnExtension('123456789012345678901')).toBe(false);
    expect(isValidGlnExtension('a b')).toBe(false);
    expect(isValidGlnExtension('ñ')).toBe(false);
  });
});
