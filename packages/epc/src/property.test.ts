// Property tests against epc-tds, an independent implementation of the GS1 EPC Tag Data Standard.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  binaryToHex,
  type DecodedEpc,
  decodeEpc,
  EpcError,
  encodeGiai96,
  encodeGrai96,
  encodeSgtin96,
  encodeSgtin198,
  encodeSscc96,
  escapeUriComponent,
  gtinCheckDigit,
  hasValidCheckDigit,
  hexToBinary,
  isValidGtin,
  tryDecodeEpc,
  uriToHex,
} from './index.js';
import { digitString, tds, withCheck } from './test/epc-tds.js';

const RUNS_PER_PARTITION = 1000;
const PARTITIONS = [0, 1, 2, 3, 4, 5, 6];

const filterArb = fc.integer({ min: 0, max: 7 });
const serial38 = fc.bigInt({ min: 0n, max: 2n ** 38n - 1n }).map(Number);
const AI82 = '!"%&\'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
const ai82Serial = fc.string({ unit: fc.constantFrom(...AI82), minLength: 1, maxLength: 20 });

/** Runs a property of one partition RUNS_PER_PARTITION times. */
const assertPerPartition = <Ts extends [unknown, ...unknown[]]>(property: fc.IProperty<Ts>) =>
  fc.assert(property, { numRuns: RUNS_PER_PARTITION });

type TdsHead<T> = { setFilter(value: number): T; setPartition(value: number): T; setCompanyPrefix(value: number): T };
/** An epc-tds EPC with the filter, partition and company prefix every scheme starts with. */
const tdsWithHead = <T extends TdsHead<T>>(epc: T, filter: number, partition: number, companyPrefix: string): T =>
  epc.setFilter(filter).setPartition(partition).setCompanyPrefix(Number(companyPrefix));

/** What epc-tds decodes a hex EPC to: the head fields and URIs every scheme has, and the element string (GTIN, SSCC, GIAI). */
const decodedByTds = (hex: string, filter: number, partition: number, companyPrefix: string) => {
  const other = tds.valueOf(hex);
  return {
    barcode: other.toBarcode(),
    fields: { hex, filter, partition, companyPrefix, pureIdentityUri: other.toIdURI(), tagUri: other.toTagURI() },
  };
};

/** Both URIs of a decoded EPC encode back to its hex (the pure identity URI with its filter), and so does epc-tds's reading of the tag URI. */
const expectUrisBackToHex = (decoded: DecodedEpc, hex: string, filter: number, byTds = true) => {
  expect(uriToHex(decoded.tagUri)).toBe(hex);
  expect(uriToHex(decoded.pureIdentityUri, { filter })).toBe(hex);
  if (byTds) expect(tds.fromTagURI(decoded.tagUri).toHexString()).toBe(hex);
};

describe.each(PARTITIONS.map((partition) => ({ partition, cpDigits: 12 - partition })))(
  'partition $partition (company prefix of $cpDigits digits)',
  ({ partition, cpDigits }) => {
    /** SGTINs of this partition: filter, company prefix, item reference and serial, with the GTIN they make. */
    const sgtinProperty = <S>(
      serialArb: fc.Arbitrary<S>,
      check: (filter: number, cp: string, ir: string, serial: S, gtin: string) => void,
    ) =>
      fc.property(filterArb, digitString(cpDigits), digitString(13 - cpDigits), serialArb, (filter, cp, ir, serial) =>
        check(filter, cp, ir, serial, withCheck(ir[0] + cp + ir.slice(1))),
      );

    it('SGTIN-96: same hex and same decode as epc-tds, round trips hold', () => {
      assertPerPartition(
        sgtinProperty(serial38, (filter, cp, ir, serial, gtin) => {
          const theirs = tdsWithHead(new tds.Sgtin96(), filter, partition, cp).setItemReference(Number(ir)).setSerial(serial);
          const hex = encodeSgtin96({ gtin, serial, companyPrefixLength: cpDigits, filter });
          expect(hex).toBe(theirs.toHexString());
          const decoded = decodeEpc(hex);
          const { barcode, fields } = decodedByTds(hex, filter, partition, cp);
          expect(decoded).toEqual({ scheme: 'sgtin-96', ...fields, itemReference: ir, serial: String(serial), gtin: barcode });
          expect(decoded.gtin).toBe(gtin);
          expectUrisBackToHex(decoded, hex, filter);
        }),
      );
    });

    it('SGTIN-198: same bits and same decode as epc-tds, URIs escape per TDS, round trips hold', () => {
      assertPerPartition(
        sgtinProperty(ai82Serial, (filter, cp, ir, serial, gtin) => {
          const theirs = tdsWithHead(new tds.Sgtin198(), filter, partition, cp).setItemReference(Number(ir)).setSerial(serial);
          const hex = encodeSgtin198({ gtin, serial, companyPrefixLength: cpDigits, filter });
          // epc-tds stops at 200 bits (50 hex digits); we fill the last 16-bit word of EPC memory (52).
          expect(hex).toHaveLength(52);
          expect(hex).toBe(`${theirs.toHexString()}00`);
          const decoded = decodeEpc(theirs.toHexString());
          const other = tds.valueOf(theirs.toHexString());
          expect(decoded).toMatchObject({
            scheme: 'sgtin-198',
            filter,
            partition,
            companyPrefix: cp,
            itemReference: ir,
            serial,
            gtin: other.toBarcode(),
          });
          // epc-tds does not %-escape the serial in URIs; the TDS does.
          const body = `${cp}.${ir}.${escapeUriComponent(serial)}`;
          expect(decoded.tagUri).toBe(`urn:epc:tag:sgtin-198:${filter}.${body}`);
          expect(decoded.pureIdentityUri).toBe(`urn:epc:id:sgtin:${body}`);
          expect(decodeURIComponent(decoded.pureIdentityUri.split('.').slice(2).join('.'))).toBe(serial);
          expect(decodeEpc(hex)).toEqual({ ...decoded, hex });
          expect(uriToHex(decoded.tagUri)).toBe(hex);
          expect(uriToHex(decoded.pureIdentityUri, { scheme: 'sgtin-198', filter })).toBe(hex);
        }),
      );
    });

    it('SSCC-96: same hex and same decode as epc-tds, round trips hold', () => {
      assertPerPartition(
        fc.property(filterArb, digitString(cpDigits), digitString(17 - cpDigits), (filter, cp, sr) => {
          const sscc = withCheck(sr[0] + cp + sr.slice(1));
          const theirs = tdsWithHead(new tds.Sscc96(), filter, partition, cp).setSerialReference(Number(sr));
          const hex = encodeSscc96({ sscc, companyPrefixLength: cpDigits, filter });
          expect(hex).toBe(theirs.toHexString());
          const decoded = decodeEpc(hex);
          const { barcode, fields } = decodedByTds(hex, filter, partition, cp);
          expect(decoded).toEqual({ scheme: 'sscc-96', ...fields, serialReference: sr, sscc: barcode });
          expect(decoded.sscc).toBe(sscc);
          expectUrisBackToHex(decoded, hex, filter);
        }),
      );
    });

    it('GRAI-96: same hex and same decode as epc-tds, round trips hold', () => {
      assertPerPartition(
        fc.property(filterArb, digitString(cpDigits), digitString(12 - cpDigits), serial38, (filter, cp, assetType, serial) => {
          const grai = withCheck(`0${cp}${assetType}`);
          const theirs = tdsWithHead(new tds.Grai96(), filter, partition, cp)
            .setAssetType(Number(assetType || '0'))
            .setSerial(serial);
          const hex = encodeGrai96({ grai, serial, companyPrefixLength: cpDigits, filter });
          expect(hex).toBe(theirs.toHexString());
          const decoded = decodeEpc(hex);
          expect(decoded).toEqual({
            scheme: 'grai-96',
            hex,
            filter,
            partition,
            companyPrefix: cp,
            assetType,
            serial: String(serial),
            grai: grai + serial,
            pureIdentityUri: `urn:epc:id:grai:${cp}.${assetType}.${serial}`,
            tagUri: `urn:epc:tag:grai-96:${filter}.${cp}.${assetType}.${serial}`,
          });
          const other = tds.valueOf(hex);
          if (partition > 0) {
            // epc-tds writes the zero-digit asset type of partition 0 as "0"; the TDS leaves it empty.
            expect(decoded.pureIdentityUri).toBe(other.toIdURI());
            expect(decoded.tagUri).toBe(other.toTagURI());
            expect(decoded.grai).toBe(`0${other.toBarcode()}`);
          }
          expectUrisBackToHex(decoded, hex, filter, partition > 0);
        }),
      );
    });

    it('GIAI-96: same hex and same decode as epc-tds, round trips hold', () => {
      const referenceBits = [42, 45, 48, 52, 55, 58, 62][partition];
      assertPerPartition(
        fc.property(
          filterArb,
          digitString(cpDigits),
          fc.bigInt({ min: 0n, max: 2n ** BigInt(referenceBits) - 1n }),
          (filter, cp, reference) => {
            const theirs = tdsWithHead(new tds.Giai96(), filter, partition, cp).setAssetReference(reference);
            const hex = encodeGiai96({ companyPrefix: cp, individualAssetReference: reference, filter });
            expect(hex).toBe(theirs.toHexString());
            const decoded = decodeEpc(hex);
            const { barcode, fields } = decodedByTds(hex, filter, partition, cp);
            expect(decoded).toEqual({
              scheme: 'giai-96',
              ...fields,
              individualAssetReference: reference.toString(),
              giai: barcode,
            });
            expectUrisBackToHex(decoded, hex, filter);
          },
        ),
      );
    });
  },
);

describe('random junk', () => {
  const hexDigit = fc.constantFrom(...'0123456789ABCDEFabcdef');
  const headers = ['30', '31', '33', '34', '36'];

  it('a decoded EPC is either refused with an EpcError or re-encodes to the same bits with a valid GTIN / SSCC', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...headers),
        fc.oneof(fc.constant(22), fc.constant(48), fc.constant(50), fc.integer({ min: 0, max: 60 })),
        fc.infiniteStream(hexDigit),
        (header, length, digits) => {
          const hex = header + [...digits.take(length)].join('');
          let decoded: ReturnType<typeof decodeEpc>;
          try {
            decoded = decodeEpc(hex);
          } catch (error) {
            expect(error).toBeInstanceOf(EpcError);
            expect(tryDecodeEpc(hex)).toBeNull();
            return;
          }
          if (decoded.gtin !== undefined) expect(isValidGtin(decoded.gtin)).toBe(true);
          if (decoded.sscc !== undefined) expect(hasValidCheckDigit(decoded.sscc)).toBe(true);
          // Decoding loses nothing: the tag URI encodes back to the very same bits.
          // (SGTIN-198: the 198 EPC bits; bits after them, up to the end of the last word, are not part of the EPC.)
          const bitCount = decoded.scheme === 'sgtin-198' ? 198 : 96;
          expect(hexToBinary(uriToHex(decoded.tagUri)).slice(0, bitCount)).toBe(hexToBinary(hex).slice(0, bitCount));
          // And epc-tds agrees on whatever we accept.
          const other = tds.valueOf(hex.toUpperCase());
          if (decoded.gtin !== undefined) expect(other.toBarcode()).toBe(decoded.gtin);
          if (decoded.sscc !== undefined) expect(other.toBarcode()).toBe(decoded.sscc);
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('96-bit SGTINs with random bits decode to a valid GTIN or throw', () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 88n - 1n }), (bits) => {
        const hex = `30${bits.toString(16).padStart(22, '0')}`;
        const decoded = tryDecodeEpc(hex);
        if (decoded === null) return;
        accepted++;
        expect(isValidGtin(decoded.gtin ?? '')).toBe(true);
        expect(decoded.gtin).toBe(tds.valueOf(hex).toBarcode());
      }),
      { numRuns: 10_000 },
    );
    expect(accepted).toBeGreaterThan(0);
  });

  it('never throws anything but EpcError on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        for (const fn of [() => decodeEpc(s), () => uriToHex(s), () => uriToHex(`urn:epc:tag:sgtin-198:1.0614141.812345.${s}`)]) {
          try {
            fn();
          } catch (error) {
            expect(error).toBeInstanceOf(EpcError);
          }
        }
      }),
      { numRuns: 5000 },
    );
  });
});

describe('check digits and binary', () => {
  it('gtinCheckDigit equals epc-tds on random GS1 keys of every length', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 17 }).chain((n) => digitString(n)),
        (digits) => {
          expect(gtinCheckDigit(digits)).toBe(tds.Utils.computeCheckDigit(digits));
          expect(hasValidCheckDigit(digits + gtinCheckDigit(digits))).toBe(true);
          expect(hasValidCheckDigit(digits + ((gtinCheckDigit(digits) + 1) % 10))).toBe(false);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('hex → binary → hex is the identity on whole 16-bit words', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: 16 })
          .chain((words) =>
            fc.string({ unit: fc.constantFrom(...'0123456789ABCDEF'), minLength: words * 4, maxLength: words * 4 }),
          ),
        (hex) => {
          expect(binaryToHex(hexToBinary(hex))).toBe(hex);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
