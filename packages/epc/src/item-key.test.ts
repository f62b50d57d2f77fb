import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeSgtin96, encodeSgtin198, encodeSscc96, gtinCheckDigit, tryDecodeEpc, tryDecodeItemKey } from './index.js';

const withCheck = (digits: string) => `${digits}${gtinCheckDigit(digits)}`;
const GTIN = withCheck('0841234567890');
const GTIN_2 = withCheck('1841234567890');

/** What tryDecodeItemKey must answer: tryDecodeEpc's scheme, GTIN and serial (null where it answers null). */
const expected = (hex: string) => {
  const decoded = tryDecodeEpc(hex);
  return decoded ? { scheme: decoded.scheme, gtin: decoded.gtin ?? null, serial: decoded.serial ?? null } : null;
};

describe('tryDecodeItemKey', () => {
  it('answers what tryDecodeEpc answers for any 24-digit hex starting 30 (SGTIN-96, every partition, junk included)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^30[0-9A-Fa-f]{22}$/), (hex) => {
        expect(tryDecodeItemKey(hex)).toEqual(expected(hex));
      }),
      { numRuns: 20_000 },
    );
  });

  it('answers what tryDecodeEpc answers for encoded SGTIN-96 and other schemes, and for junk', () => {
    const samples = [
      encodeSgtin96({ gtin: GTIN, serial: '274877906943', companyPrefixLength: 7 }),
      encodeSgtin96({ gtin: GTIN_2, serial: '0', companyPrefixLength: 12, filter: 3 }),
      encodeSgtin198({ gtin: GTIN, serial: 'AB-12/x', companyPrefixLength: 7 }),
      encodeSscc96({ sscc: withCheck('08412345000000001'), companyPrefixLength: 7 }),
      '3074257BF7194E4000001A85'.toLowerCase(),
      '3074257BF7194E4000001A8',
      'E2003412B802011612345678',
      'ZZ74257BF7194E4000001A85',
      '',
    ];
    for (const hex of samples) expect(tryDecodeItemKey(hex), hex).toEqual(expected(hex));
    expect(tryDecodeItemKey(samples[0] as string)).toEqual({ scheme: 'sgtin-96', gtin: GTIN, serial: '274877906943' });
  });
});
