import { describe, expect, it } from 'vitest';
import { isValidGln, isValidGlnExtension } from './check-digit.js';

describe('GLN and GLN extension', () => {
  // GS1 General Specifications examples: GLN 0614141000012 (the EPC Tag Data Standard's SGLN examples use it too).
  // GS1's example GLNs are accepted; a wrong check digit, a wrong length or non-digits are refused.
  it.each([
    ['0614141000012', true],
    ['0614141000029', true],
    ['0614141000013', false],
    ['061414100001', false],
    ['06141410000120', false],
    ['061414100001a', false],
  ])('GLN %s is valid: %s', (gln, valid) => {
    expect(isValidGln(gln)).toBe(valid);
  });

  // 1 to 20 characters of GS1 character set 82 make an extension.
  it.each([
    ['1', true],
    ['Dock-4/B', true],
    ['12345678901234567890', true],
    ['', false],
    ['123456789012345678901', false],
    ['a b', false],
    ['ñ', false],
  ])('GLN extension %j is valid: %s', (extension, valid) => {
    expect(isValidGlnExtension(extension)).toBe(valid);
  });
});
