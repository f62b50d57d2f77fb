import { describe, expect, it } from 'vitest';
import { isValidGln, isValidGlnExtension } from './check-digit.js';

// Each validator with the inputs it accepts and the ones it refuses.
describe.each([
  {
    // GS1 General Specifications examples: GLN 0614141000012 (the EPC Tag Data Standard's SGLN examples use it too).
    // GS1's example GLNs are accepted; a wrong check digit, a wrong length or non-digits are refused.
    name: 'GLN',
    isValid: isValidGln,
    accepted: ['0614141000012', '0614141000029'],
    refused: ['0614141000013', '061414100001', '06141410000120', '061414100001a'],
  },
  {
    // 1 to 20 characters of GS1 character set 82 make an extension.
    name: 'GLN extension',
    isValid: isValidGlnExtension,
    accepted: ['1', 'Dock-4/B', '12345678901234567890'],
    refused: ['', '123456789012345678901', 'a b', 'ñ'],
  },
])('$name', ({ isValid, accepted, refused }) => {
  it.each(accepted)('%j is valid', (input) => {
    expect(isValid(input)).toBe(true);
  });
  it.each(refused)('%j is not valid', (input) => {
    expect(isValid(input)).toBe(false);
  });
});
