import { describe, expect, it } from 'vitest';
import {
  binaryToHex,
  type DecodedEpc,
  decodeEpc,
  decodeEpcUri,
  type EpcScheme,
  encodeGiai96,
  encodeGrai96,
  encodeSgtin96,
  encodeSgtin198,
  encodeSscc96,
  gtinCheckDigit,
  hexToBinary,
  isValidGtin,
  toGtin14,
  tryDecodeEpc,
  uriToHex,
} from './index.js';
import { codeOf } from './test/error-code.js';

type Vector = {
  scheme: EpcScheme;
  hex: string;
  tagUri: string;
  pureIdentityUri: string;
  fields: Partial<DecodedEpc>;
  encode: () => string;
};

// Worked examples of the GS1 EPC Tag Data Standard (TDS 2.x, sections 14 and Appendix E) and a few of our own.
const VECTORS: Vector[] = [
  {
    scheme: 'sgtin-96',
    hex: '3074257BF7194E4000001A85',
    tagUri: 'urn:epc:tag:sgtin-96:3.0614141.812345.6789',
    pureIdentityUri: 'urn:epc:id:sgtin:0614141.812345.6789',
    fields: {
      filter: 3,
      partition: 5,
      companyPrefix: '0614141',
      gtin: '80614141123458',
      serial: '6789',
      itemReference: '812345',
    },
    encode: () => encodeSgtin96({ gtin: '80614141123458', serial: '6789', companyPrefixLength: 7, filter: 3 }),
  },
  {
    scheme: 'sgtin-96',
    hex: '3034257BF6B7A640000004D2',
    tagUri: 'urn:epc:tag:sgtin-96:1.0614141.712345.1234',
    pureIdentityUri: 'urn:epc:id:sgtin:0614141.712345.1234',
    fields: { filter: 1, partition: 5, gtin: '70614141123451', serial: '1234' },
    encode: () => encodeSgtin96({ gtin: '70614141123451', serial: 1234n, companyPrefixLength: 7 }),
  },
  {
    scheme: 'sgtin-198',
    hex: '3674257BF6B7A659B2C2BF100000000000000000000000000000',
    tagUri: 'urn:epc:tag:sgtin-198:3.0614141.712345.32a%2Fb',
    pureIdentityUri: 'urn:epc:id:sgtin:0614141.712345.32a%2Fb',
    fields: { filter: 3, partition: 5, gtin: '70614141123451', serial: '32a/b', itemReference: '712345' },
    encode: () => encodeSgtin198({ gtin: '70614141123451', serial: '32a/b', companyPrefixLength: 7, filter: 3 }),
  },
  {
    scheme: 'sscc-96',
    hex: '3174257BF4499602D2000000',
    tagUri: 'urn:epc:tag:sscc-96:3.0614141.1234567890',
    pureIdentityUri: 'urn:epc:id:sscc:0614141.1234567890',
    fields: { filter: 3, partition: 5, companyPrefix: '0614141', sscc: '106141412345678908', serialReference: '1234567890' },
    encode: () => encodeSscc96({ sscc: '106141412345678908', companyPrefixLength: 7, filter: 3 }),
  },
  {
    scheme: 'grai-96',
    hex: '3374257BF40C0E4000000190',
    tagUri: 'urn:epc:tag:grai-96:3.0614141.12345.400',
    pureIdentityUri: 'urn:epc:id:grai:0614141.12345.400',
    fields: { filter: 3, partition: 5, assetType: '12345', serial: '400', grai: '00614141123452400' },
    encode: () => encodeGrai96({ grai: '00614141123452', serial: 400, companyPrefixLength: 7, filter: 3 }),
  },
  {
    scheme: 'grai-96',
    hex: '3374257BF40C0E400000162E',
    tagUri: 'urn:epc:tag:grai-96:3.0614141.12345.5678',
    pureIdentityUri: 'urn:epc:id:grai:0614141.12345.5678',
    fields: { assetType: '12345', serial: '5678', grai: '006141411234525678' },
    encode: () => encodeGrai96({ grai: '0614141123452', serial: '5678', companyPrefixLength: 7, filter: 3 }),
  },
  {
    scheme: 'giai-96',
    hex: '3474257BF400000000BC6038',
    tagUri: 'urn:epc:tag:giai-96:3.0614141.12345400',
    pureIdentityUri: 'urn:epc:id:giai:0614141.12345400',
    fields: { filter: 3, partition: 5, individualAssetReference: '12345400', giai: '061414112345400' },
    encode: () => encodeGiai96({ companyPrefix: '0614141', individualAssetReference: '12345400', filter: 3 }),
  },
  {
    scheme: 'giai-96',
    hex: '3474257BF40000000000162E',
    tagUri: 'urn:epc:tag:giai-96:3.0614141.5678',
    pureIdentityUri: 'urn:epc:id:giai:0614141.5678',
    fields: { individualAssetReference: '5678' },
    encode: () => encodeGiai96({ companyPrefix: '0614141', individualAssetReference: 5678, filter: 3 }),
  },
];

describe('TDS worked examples', () => {
  it('decodes 3074257BF7194E4000001A85 to urn:epc:id:sgtin:0614141.812345.6789 (GTIN 80614141123458)', () => {
    expect(decodeEpc('3074257BF7194E4000001A85')).toEqual({
      scheme: 'sgtin-96',
      hex: '3074257BF7194E4000001A85',
      filter: 3,
      partition: 5,
      companyPrefix: '0614141',
      pureIdentityUri: 'urn:epc:id:sgtin:0614141.812345.6789',
      tagUri: 'urn:epc:tag:sgtin-96:3.0614141.812345.6789',
      gtin: '80614141123458',
      serial: '6789',
      itemReference: '812345',
    });
  });

  describe.each(VECTORS)('$tagUri', (v) => {
    it('hex → fields and URIs', () => {
      const decoded = decodeEpc(v.hex);
      expect(decoded).toMatchObject({
        scheme: v.scheme,
        hex: v.hex,
        tagUri: v.tagUri,
        pureIdentityUri: v.pureIdentityUri,
        ...v.fields,
      });
    });
    it('tag URI → hex', () => {
      expect(uriToHex(v.tagUri)).toBe(v.hex);
    });
    it('pure identity URI (+ scheme and filter) → hex', () => {
      const filter = decodeEpc(v.hex).filter;
      expect(uriToHex(v.pureIdentityUri, { scheme: v.scheme, filter })).toBe(v.hex);
      expect(decodeEpcUri(v.pureIdentityUri, { scheme: v.scheme, filter }).tagUri).toBe(v.tagUri);
    });
    it('fields → hex', () => {
      expect(v.encode()).toBe(v.hex);
    });
    it('hex ↔ binary', () => {
      const bits = hexToBinary(v.hex);
      expect(bits).toHaveLength(v.hex.length * 4);
      expect(bits.startsWith(hexToBinary(v.hex.slice(0, 2)))).toBe(true);
      expect(binaryToHex(bits)).toBe(v.hex);
    });
  });

  it('accepts lowercase hex and returns it uppercase', () => {
    expect(decodeEpc('3074257bf7194e4000001a85').hex).toBe('3074257BF7194E4000001A85');
  });

  it('decodes SGTIN-198 as 50 hex digits (198 bits rounded to bytes) too', () => {
    expect(decodeEpc('3674257BF6B7A659B2C2BF1000000000000000000000000000').serial).toBe('32a/b');
  });

  it('pure identity URIs default to the 96-bit scheme and the scheme default filter', () => {
    expect(uriToHex('urn:epc:id:sgtin:0614141.812345.6789')).toBe(
      encodeSgtin96({ gtin: '80614141123458', serial: 6789, companyPrefixLength: 7, filter: 1 }),
    );
    expect(decodeEpcUri('urn:epc:id:sgtin:0614141.812345.6789').filter).toBe(1);
    expect(decodeEpcUri('urn:epc:id:sscc:0614141.1234567890').filter).toBe(0);
    expect(decodeEpcUri('urn:epc:id:sgtin:0614141.812345.ABC%25', { scheme: 'sgtin-198' }).serial).toBe('ABC%');
  });

  it('SGTIN-198 URIs escape " % & / < > ? and keep dots in the serial', () => {
    const serial = '"%&/<>?a.b!';
    const decoded = decodeEpc(encodeSgtin198({ gtin: '80614141123458', serial, companyPrefixLength: 7, filter: 0 }));
    expect(decoded.serial).toBe(serial);
    expect(decoded.tagUri).toBe('urn:epc:tag:sgtin-198:0.0614141.812345.%22%25%26%2F%3C%3E%3Fa.b!');
    expect(uriToHex(decoded.tagUri)).toBe(decoded.hex);
    expect(uriToHex('urn:epc:tag:sgtin-198:0.0614141.812345.%22%25%26%2f%3c%3e%3fa.b!')).toBe(decoded.hex);
  });

  it('GRAI partition 0 has an empty asset type', () => {
    const hex = encodeGrai96({ grai: '06141411234562', serial: 7, companyPrefixLength: 12 });
    const decoded = decodeEpc(hex);
    expect(decoded).toMatchObject({
      partition: 0,
      assetType: '',
      grai: '061414112345627',
      pureIdentityUri: 'urn:epc:id:grai:614141123456..7',
    });
    expect(uriToHex(decoded.tagUri)).toBe(hex);
  });

  it('encodes the largest values of every field', () => {
    const sgtin = decodeEpc(encodeSgtin96({ gtin: '99999999999997', serial: 2 ** 38 - 1, companyPrefixLength: 6, filter: 7 }));
    expect(sgtin).toMatchObject({
      filter: 7,
      partition: 6,
      companyPrefix: '999999',
      itemReference: '9999999',
      serial: '274877906943',
    });
    const giai = decodeEpc(encodeGiai96({ companyPrefix: '999999', individualAssetReference: 2n ** 62n - 1n }));
    expect(giai.individualAssetReference).toBe('4611686018427387903');
  });
});

describe('check digits', () => {
  it('computes GS1 mod-10 check digits for every GS1 key length', () => {
    expect(gtinCheckDigit('9638507')).toBe(4); // GTIN-8 96385074
    expect(gtinCheckDigit('03600029145')).toBe(2); // GTIN-12 036000291452
    expect(gtinCheckDigit('400638133393')).toBe(1); // GTIN-13 4006381333931
    expect(gtinCheckDigit('8061414112345')).toBe(8); // GTIN-14
    expect(gtinCheckDigit('10614141234567890')).toBe(8); // SSCC
    expect(codeOf(() => gtinCheckDigit('12a4'))).toBe('BAD_VALUE');
  });

  it('validates and pads GTINs', () => {
    for (const gtin of ['96385074', '036000291452', '4006381333931', '80614141123458']) {
      expect(isValidGtin(gtin)).toBe(true);
      expect(toGtin14(gtin)).toBe(gtin.padStart(14, '0'));
    }
    expect(isValidGtin('80614141123459')).toBe(false);
    expect(isValidGtin('8061414112345')).toBe(false);
    expect(isValidGtin('806141411234580')).toBe(false);
    expect(isValidGtin('8061414112345x')).toBe(false);
    expect(codeOf(() => toGtin14('80614141123459'))).toBe('BAD_CHECK_DIGIT');
    expect(codeOf(() => toGtin14('1234567'))).toBe('BAD_VALUE');
  });
});

describe('errors', () => {
  it('decodeEpc: BAD_HEX, BAD_LENGTH, UNKNOWN_HEADER, BAD_PARTITION, BAD_VALUE', () => {
    expect(codeOf(() => decodeEpc('3074257BF7194E4000001A8G'))).toBe('BAD_HEX');
    expect(codeOf(() => decodeEpc('3074257BF7194E4000001A8é'))).toBe('BAD_HEX');
    expect(codeOf(() => decodeEpc(' 3074257BF7194E4000001A85'))).toBe('BAD_HEX');
    expect(codeOf(() => decodeEpc(42 as unknown as string))).toBe('BAD_HEX');
    expect(codeOf(() => decodeEpc(''))).toBe('BAD_LENGTH');
    expect(codeOf(() => decodeEpc('3074257BF7194E4000001A8'))).toBe('BAD_LENGTH');
    expect(codeOf(() => decodeEpc('3074257BF7194E4000001A8500'))).toBe('BAD_LENGTH');
    expect(codeOf(() => decodeEpc('3674257BF6B7A659B2C2BF10'))).toBe('BAD_LENGTH');
    expect(codeOf(() => decodeEpc('E2801160600002054D5A1234'))).toBe('UNKNOWN_HEADER'); // a TID, not an EPC
    expect(codeOf(() => decodeEpc('3574257BF7194E4000001A85'))).toBe('UNKNOWN_HEADER'); // GID-96: not supported
    // partition 7
    expect(codeOf(() => decodeEpc('307C257BF7194E4000001A85'))).toBe('BAD_PARTITION');
    expect(codeOf(() => decodeEpc('317C257BF4499602D2000000'))).toBe('BAD_PARTITION');
    // partition 5: 7-digit company prefix in 24 bits; 0xFFFFFF = 16777215 does not fit in 7 digits
    const sgtinHead = hexToBinary('3074257BF7194E4000001A85').slice(0, 14);
    expect(codeOf(() => decodeEpc(binaryToHex(sgtinHead + '1'.repeat(24) + '0'.repeat(58))))).toBe('BAD_VALUE');
    // item reference: 20 bits hold 1048575, which has 7 digits where partition 5 allows 6
    expect(codeOf(() => decodeEpc(binaryToHex(`${sgtinHead}${'0'.repeat(24)}${'1'.repeat(20)}${'0'.repeat(38)}`)))).toBe(
      'BAD_VALUE',
    );
    // SSCC-96 unallocated bits must be zero
    expect(codeOf(() => decodeEpc('3174257BF4499602D2000001'))).toBe('BAD_VALUE');
    // SGTIN-198: empty serial, character outside AI 82, characters after the terminating zero
    const sgtin198Head = hexToBinary('3674257BF6B7A659B2C2BF100000000000000000000000000000').slice(0, 58);
    const sgtin198 = (serialBits: string) => binaryToHex((sgtin198Head + serialBits).padEnd(208, '0'));
    const char = (c: number) => c.toString(2).padStart(7, '0');
    expect(decodeEpc(sgtin198(char(65) + char(66))).serial).toBe('AB');
    expect(codeOf(() => decodeEpc(sgtin198('')))).toBe('BAD_VALUE');
    expect(codeOf(() => decodeEpc(sgtin198(char(65) + char(35))))).toBe('BAD_VALUE'); // '#'
    expect(codeOf(() => decodeEpc(sgtin198(char(65) + char(127))))).toBe('BAD_VALUE');
    expect(codeOf(() => decodeEpc(sgtin198(char(65) + char(0) + char(66))))).toBe('BAD_VALUE');
  });

  it('tryDecodeEpc never throws', () => {
    for (const junk of ['', 'nope', '30', '3074257BF7194E4000001A8', '307C257BF7194E4000001A85', null, undefined, 3]) {
      expect(tryDecodeEpc(junk as string)).toBeNull();
    }
    expect(tryDecodeEpc('3074257BF7194E4000001A85')?.gtin).toBe('80614141123458');
  });

  it('encoders: BAD_VALUE, BAD_CHECK_DIGIT, BAD_PARTITION', () => {
    const base = { gtin: '80614141123458', companyPrefixLength: 7 };
    expect(codeOf(() => encodeSgtin96({ ...base, serial: 2 ** 38 }))).toBe('BAD_VALUE');
    expect(codeOf(() => encodeSgtin96({ ...base, serial: '274877906944' }))).toBe('BAD_VALUE');
    expect(codeOf(() => encodeSgtin96({ ...base, serial: 2n ** 38n }))).toBe('BAD_VALUE');
    expect(codeOf(() => encodeSgtin96({ ...base, serial: -1 }))).toBe('BAD_VALUE');
    expect(codeOf(() => encodeSgtin96({ ...base, serial: 1.5 }))).toBe('BAD_VALUE');
    expect(codeOf(() => encodeSgtin96({ ...base, serial: '0123' }))).toBe('BAD_VALUE');
    expect(codeOf(() => encodeSgtin96({ ...base, serial: '12A' }))).toBe('BAD_VALUE');
    expect(codeOf(() => encodeSgtin96({ ...base, serial: '' }))).toBe('BAD_VALUE');
    expect(encodeSgtin96({ ...base, serial: '0' })).toBe(encodeSgtin96({ ...base, serial: 0 }));
    expect(codeOf(() => encodeSgtin96({ ...base, serial: 1, filter: 8 }))).toBe('BAD_VALUE');
    expect(codeOf(() => encodeSgtin96({ ...base, serial: 1, filter: -1 }))).toBe('BAD_VALUE');
    expect(codeOf(() => encodeSgtin96({ ...base, serial: 1, companyPrefixLength: 5 }))).toBe('BAD_PARTITION');
    expect(codeOf(() => encodeSgtin96({ ...base, serial: 1, companyPrefixLength: 13 }))).toBe('BAD_PARTITION');
    expect(codeOf(() => encodeSgtin96({ ...base, gtin: '80614141123459', serial: 1 }))).toBe('BAD_CHECK_DIGIT');
    expect(codeOf(() => encodeSgtin96({ ...base, gtin: '806141411234', serial: 1 }))).toBe('BAD_CHECK_DIGIT');
    expect(codeOf(() => encodeSgtin96({ ...base, gtin: '8061414112345', serial: 1 }))).toBe('BAD_CHECK_DIGIT');
    expect(codeOf(() => encodeSgtin96({ ...base, gtin: '806141411234', serial: 1 }))).toBe('BAD_CHECK_DIGIT');
    expect(codeOf(() => encodeSgtin96({ ...base, gtin: '80614141', serial: 1 }))).toBe('BAD_CHECK_DIGIT');
    expect(codeOf(() => encodeSgtin96({ ...base, gtin: '806141411', serial: 1 }))).toBe('BAD_VALUE');
    expect(codeOf(() => encodeSgtin198({ ...base, serial: '' }))).toBe('BAD_VALUE');
    expect(codeOf(() => encodeSgtin198({ ...base, serial: 'x'.repeat(21) }))).toBe('BAD_VALUE');
    expect(codeOf(() => encodeSgtin198({ ...base, serial: 'a b' }))).toBe('BAD_VALUE');
    expect(codeOf(() => encodeSgtin198({ ...base, serial: 'ñ' }))).toBe('BAD_VALUE');
    expect(codeOf(() => encodeSgtin198({ ...base, serial: '#' }))).toBe('BAD_VALUE');
    expect(codeOf(() => encodeSscc96({ sscc: '106141412345678909', companyPrefixLength: 7 }))).toBe('BAD_CHECK_DIGIT');
    expect(codeOf(() => encodeSscc96({ sscc: '10614141234567890', companyPrefixLength: 7 }))).toBe('BAD_VALUE');
    expect(codeOf(() => encodeSscc96({ sscc: '106141412345678908', companyPrefixLength: 4 }))).toBe('BAD_PARTITION');
    expect(codeOf(() => encodeGrai96({ grai: '00614141123453', serial: 1, companyPrefixLength: 7 }))).toBe('BAD_CHECK_DIGIT');
    expect(codeOf(() => encodeGrai96({ grai: '10614141123452', serial: 1, companyPrefixLength: 7 }))).toBe('BAD_VALUE');
    expect(codeOf(() => encodeGrai96({ grai: '00614141123452', serial: '01', companyPrefixLength: 7 }))).toBe('BAD_VALUE');
    expect(codeOf(() => encodeGiai96({ companyPrefix: '0614141', individualAssetReference: 2n ** 58n }))).toBe('BAD_VALUE');
    expect(codeOf(() => encodeGiai96({ companyPrefix: '0614141', individualAssetReference: '007' }))).toBe('BAD_VALUE');
    expect(codeOf(() => encodeGiai96({ companyPrefix: '0614141', individualAssetReference: -1 }))).toBe('BAD_VALUE');
    expect(codeOf(() => encodeGiai96({ companyPrefix: '06141', individualAssetReference: 1 }))).toBe('BAD_PARTITION');
    expect(codeOf(() => encodeGiai96({ companyPrefix: '06141A1', individualAssetReference: 1 }))).toBe('BAD_VALUE');
  });

  it('uriToHex: BAD_URI for malformed URIs, BAD_VALUE / BAD_PARTITION for values that do not fit', () => {
    for (const uri of [
      'urn:epc:tag:sgtin-64:3.0614141.812345.6789',
      'urn:epc:tag:sgtin-96:8.0614141.812345.6789',
      'urn:epc:tag:sgtin-96:3',
      'urn:epc:tag:sgtin-96:3.0614141.812345',
      'urn:epc:tag:sgtin-96:3.0614141.81234a.6789',
      'urn:epc:tag:sgtin-198:3.0614141.812345.a&b',
      'urn:epc:tag:sgtin-198:3.0614141.812345.a%2',
      'urn:epc:tag:sgtin-198:3.0614141.812345.a%23',
      'urn:epc:id:sgtin:0614141.812345',
      'urn:epc:id:sgln:0614141.12345.0',
      'urn:epc:id:toString:1.2',
      'urn:epc:tag:giai-96:3.0614141',
      'urn:epc:id:grai:0614141.1234a.1',
      'urn:epc:raw:96.x3074257BF7194E4000001A85',
      'http://example.com',
      '',
    ]) {
      expect([uri, codeOf(() => uriToHex(uri))]).toEqual([uri, 'BAD_URI']);
    }
    expect(codeOf(() => uriToHex('urn:epc:id:sscc:0614141.1234567890', { scheme: 'sgtin-96' }))).toBe('BAD_URI');
    expect(codeOf(() => uriToHex('urn:epc:tag:sgtin-96:3.0614141.812345.06789'))).toBe('BAD_VALUE');
    // valid pure identity URIs that only the longer schemes (SGTIN-198, GRAI-170, GIAI-202) can hold
    expect(codeOf(() => uriToHex('urn:epc:tag:sgtin-96:3.0614141.812345.67x9'))).toBe('BAD_VALUE');
    expect(codeOf(() => uriToHex('urn:epc:id:grai:0614141.12345.ABC'))).toBe('BAD_VALUE');
    expect(codeOf(() => uriToHex('urn:epc:id:giai:0614141.A-12'))).toBe('BAD_VALUE');
    expect(codeOf(() => uriToHex('urn:epc:id:giai:0614141.'))).toBe('BAD_VALUE');
    expect(codeOf(() => uriToHex('urn:epc:tag:sgtin-96:3.0614141.812345.274877906944'))).toBe('BAD_VALUE');
    expect(codeOf(() => uriToHex('urn:epc:tag:sgtin-96:3.0614141.8123456.6789'))).toBe('BAD_VALUE');
    expect(codeOf(() => uriToHex('urn:epc:tag:sgtin-96:3.06141.81234567.6789'))).toBe('BAD_PARTITION');
    expect(codeOf(() => uriToHex('urn:epc:id:sgtin:0614141.812345.6789', { filter: 9 }))).toBe('BAD_VALUE');
    expect(codeOf(() => uriToHex(`urn:epc:tag:sgtin-198:3.0614141.812345.${'x'.repeat(21)}`))).toBe('BAD_VALUE');
  });

  it('binary conversions', () => {
    expect(codeOf(() => hexToBinary('3G'))).toBe('BAD_HEX');
    expect(codeOf(() => binaryToHex('0120'))).toBe('BAD_VALUE');
    expect(binaryToHex('1')).toBe('8000');
    expect(hexToBinary('a5')).toBe('10100101');
  });
});
