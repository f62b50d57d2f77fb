// epc-tds, an independent implementation of the GS1 EPC Tag Data Standard: the oracle the property and padding tests
// compare with, and the GS1 keys they build.
import epcTds from 'epc-tds';
import fc from 'fast-check';
import { gtinCheckDigit } from '../index.js';

// epc-tds is CommonJS with `module.exports = TDS` but its typings declare `export default TDS`.
export const tds = epcTds as unknown as typeof epcTds.default;

/** Exactly `digits` decimal digits (leading zeros kept), biased to the edges by fast-check. */
export const digitString = (digits: number) =>
  digits === 0
    ? fc.constant('')
    : fc.bigInt({ min: 0n, max: 10n ** BigInt(digits) - 1n }).map((v) => v.toString().padStart(digits, '0'));

/** The digits of a GS1 key followed by their check digit. */
export const withCheck = (digits: string) => digits + gtinCheckDigit(digits);
