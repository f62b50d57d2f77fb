import { describe, expect, it } from 'vitest';
import { decodeEpcRow, normalizeGtin } from './catalog.rules.js';

describe('catalog rules', () => {
  it('stores GTIN-8/12/13/14 with a correct check digit as GTIN-14', () => {
    expect(normalizeGtin('96385074')).toBe('00000096385074');
    expect(normalizeGtin('036000291452')).toBe('00036000291452');
    expect(normalizeGtin('4006381333931')).toBe('04006381333931');
    expect(normalizeGtin('80614141123458')).toBe('80614141123458');
  });

  it('refuses a wrong check digit and other lengths', () => {
    expect(normalizeGtin('4006381333932')).toBeNull();
    expect(normalizeGtin('12345678901')).toBeNull();
    expect(normalizeGtin('4006381333931 ')).toBe('04006381333931');
    expect(normalizeGtin('40063813339x1')).toBeNull();
  });

  it('decodes an SGTIN-96 and answers any other hex as unknown, never throwing', () => {
    expect(decodeEpcRow('3074257bf7194e4000001a85')).toMatchObject({
      epc: '3074257BF7194E4000001A85',
      scheme: 'sgtin-96',
      gtin: '80614141123458',
      serial: '6789',
      company_prefix: '0614141',
      filter: 3,
      tag_uri: 'urn:epc:tag:sgtin-96:3.0614141.812345.6789',
      error: null,
    });
    for (const epc of ['E2801160600002054C1D7AB9', 'ZZZ', '30']) {
      expect(decodeEpcRow(epc)).toMatchObject({ scheme: 'unknown', gtin: null, error: 'Not a GS1 EPC.' });
    }
  });
});
