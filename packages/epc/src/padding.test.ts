// A tag reported with a longer EPC bank than its scheme (issue 27): decoded from its header, with epc-tds (an
// independent implementation of the GS1 EPC Tag Data Standard) as the oracle of what the padded hex decodes to.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeEpc, encodeGiai96, encodeGrai96, encodeSgtin96, encodeSgtin198, encodeSscc96, trimEpcPadding } from './index.js';
import { digitString, tds, withCheck } from './test/epc-tds.js';

describe('EPCs reported longer than their scheme', () => {
  it('decodes an SGTIN-96 followed by one or two zero words as epc-tds does', () => {
    fc.assert(
      fc.property(
        digitString(12),
        fc.bigInt({ min: 0n, max: 2n ** 38n - 1n }),
        fc.constantFrom('0000', '00000000'),
        (body, serial, padding) => {
          const hex = encodeSgtin96({ gtin: withCheck(`0${body}`), serial: String(serial), companyPrefixLength: 7 });
          const padded = hex + padding;
          const ours = decodeEpc(padded);
          const theirs = tds.valueOf(padded);
          expect(ours.pureIdentityUri).toBe(theirs.toIdURI());
          expect(ours.tagUri).toBe(theirs.toTagURI());
          expect(ours.hex).toBe(hex);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('decodes the other 96-bit schemes and SGTIN-198 padded with a zero word as epc-tds does', () => {
    const samples = [
      encodeSscc96({ sscc: withCheck('10614141234567890'), companyPrefixLength: 7 }),
      encodeGrai96({ grai: withCheck('0061414112345'), serial: '5678', companyPrefixLength: 7 }),
      encodeGiai96({ companyPrefix: '0614141', individualAssetReference: '12345400', filter: 0 }),
      encodeSgtin198({ gtin: withCheck('0061414112345'), serial: 'A.2-x', companyPrefixLength: 7 }),
    ];
    for (const hex of samples) {
      const padded = `${hex.padEnd(Math.ceil(hex.length / 4) * 4, '0')}0000`;
      expect(decodeEpc(padded).pureIdentityUri, padded).toBe(tds.valueOf(padded).toIdURI());
    }
  });

  it('keeps what is not zero padding: other words, a length not in whole words, an unknown header', () => {
    const hex = encodeSgtin96({ gtin: withCheck('0061414112345'), serial: '7', companyPrefixLength: 7 });
    expect(trimEpcPadding(`${hex}0001`)).toBe(`${hex}0001`);
    expect(trimEpcPadding(`${hex}00`)).toBe(`${hex}00`);
    expect(trimEpcPadding(`E2801160600002054C1D7AB90000`)).toBe('E2801160600002054C1D7AB90000');
    expect(trimEpcPadding(`${hex}0000`)).toBe(hex);
    expect(() => decodeEpc(`${hex}0001`)).toThrow(/hex digits/);
  });
});
