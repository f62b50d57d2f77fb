// Property tests against epc-tds, an independent implementation of the GS1 EPC Tag Data Standard.
import epcTds from 'epc-tds';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  binaryToHex,
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

// epc-tds is CommonJS with `module.exports = TDS` but its typings declare `export default TDS`.
const tds = epcTds as unknown as typeof epcTds.default;

const RUNS_PER_PARTITION = 1000;
const PARTITIONS = [0, 1, 2, 3, 4, 5, 6];

/** Exactly `digits` decimal digits (leading zeros kept), biased to the edges by fast-check. */
const digitString = (digits: number) =>
  digits === 0
    ? fc.constant('')
    : fc.bigInt({ min: 0n, max: 10n ** BigInt(digits) - 1n }).map((v) => v.toString().padStart(digits, '0'));
const filterArb = fc.integer({ min: 0, max: 7 });
const serial38 = fc.bigInt({ min: 0n, max: 2n ** 38n - 1n }).map(Number);
const AI82 = '!"%&\'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
const ai82Serial = fc.string({ unit: fc.constantFrom(...AI82), minLength: 1, maxLength: 20 });

const withCheck = (digits: string) => digits + gtinCheckDigit(digits);

describe.each(PARTITIONS.map((partition) => ({ partition, cpDigits: 12 - partition })))(
  'partition $partition (company prefix of $cpDigits digits)',
  ({ partition, cpDigits }) => {
    it('SGTIN-96: same hex and same decode as epc-tds, round trips hold', () => {
      fc.assert(
        fc.property(filterArb, digitString(cpDigits), digitString(13 - cpDigits), serial38, (filter, cp, ir, serial) => {
          const gtin = withCheck(ir[0] + cp + ir.slice(1));
          const theirs = new tds.Sgtin96()
            .setFilter(filter)
            .setPartition(partition)
            .setCompanyPrefix(Number(cp))
            .setItemReference(Number(ir))
            .setSerial(serial);
          const hex = encodeSgtin96({ gtin, serial, companyPrefixLength: cpDigits, filter });
          expect(hex).toBe(theirs.toHexString());
          const decoded = decodeEpc(hex);
          const other = tds.valueOf(hex);
          expect(decoded).toEqual({
            scheme: 'sgtin-96',
            hex,
            filter,
            partition,
            companyPrefix: cp,
            itemReference: ir,
            serial: String(serial),
            gtin: other.toBarcode(),
            pureIdentityUri: other.toIdURI(),
            tagUri: other.toTagURI(),
          });
          expect(decoded.gtin).toBe(gtin);
          expect(uriToHex(decoded.tagUri)).toBe(hex);
          expect(uriToHex(decoded.pureIdentityUri, { filter })).toBe(hex);
          expect(tds.fromTagURI(decoded.tagUri).toHexString()).toBe(hex);
        }),
        { numRuns: RUNS_PER_PARTITION },
      );
    });

    it('SGTIN-198: same bits and same decode as epc-tds, URIs escape per TDS, round trips hold', () => {
      fc.assert(
        fc.property(filterArb, digitString(cpDigits), digitString(13 - cpDigits), ai82Serial, (filter, cp, ir, serial) => {
          const gtin = withCheck(ir[0] + cp + ir.slice(1));
          const theirs = new tds.Sgtin198()
            .setFilter(filter)
            .setPartition(partition)
            .setCompanyPrefix(Number(cp))
            .setItemReference(Number(ir))
            .setSerial(serial);
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
        { numRuns: RUNS_PER_PARTITION },
      );
    });

    it('SSCC-96: same hex and same decode as epc-tds, round trips hold', () => {
      fc.assert(
        fc.property(filterArb, digitString(cpDigits), digitString(17 - cpDigits), (filter, cp, sr) => {
          const sscc = withCheck(sr[0] + cp + sr.slice(1));
          const theirs = new tds.Sscc96()
            .setFilter(filter)
            .setPartition(partition)
            .setCompanyPrefix(Number(cp))
            .setSerialReference(Number(sr));
          const hex = encodeSscc96({ sscc, companyPrefixLength: cpDigits, filter });
          expect(hex).toBe(theirs.toHexString());
          const decoded = decodeEpc(hex);
          const other = tds.valueOf(hex);
          expect(decoded).toEqual({
            scheme: 'sscc-96',
            hex,
            filter,
            partition,
            companyPrefix: cp,
            serialReference: sr,
            sscc: other.toBarcode(),
            pureIdentityUri: other.toIdURI(),
            tagUri: other.toTagURI(),
          });
          expect(decoded.sscc).toBe(sscc);
          expect(uriToHex(decoded.tagUri)).toBe(hex);
          expect(uriToHex(decoded.pureIdentityUri, { filter })).toBe(hex);
          expect(tds.fromTagURI(decoded.tagUri).toHexString()).toBe(hex);
        }),
        { numRuns: RUNS_PER_PARTITION },
      );
    });

    it('GRAI-96: same hex and same decode as epc-tds, round trips hold', () => {
      fc.assert(
        fc.property(filterArb, digitString(cpDigits), digitString(12 - cpDigits), serial38, (filter, cp, assetType, serial) => {
          const grai = withCheck(`0${cp}${assetType}`);
          const theirs = new tds.Grai96()
            .setFilter(filter)
            .setPartition(partition)
            .setCompanyPrefix(Number(cp))
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
            expect(tds.fromTagURI(decoded.tagUri).toHexString()).toBe(hex);
          }
          expect(uriToHex(decoded.tagUri)).toBe(hex);
          expect(uriToHex(decoded.pureIdentityUri, { filter })).toBe(hex);
        }),
        { numRuns: RUNS_PER_PARTITION },
      );
    });

    it('GIAI-96: same hex and same decode as epc-tds, round trips hold', () => {
      const referenceBits = [42, 45, 48, 52, 55, 58, 62][partition];
      fc.assert(
        fc.property(
          filterArb,
          digitString(cpDigits),
          fc.bigInt({ min: 0n, max: 2n ** BigInt(referenceBits) - 1n }),
          (filter, cp, reference) => {
            const theirs = new tds.Giai96()
              .setFilter(filter)
              .setPartition(partition)
              .setCompanyPrefix(Number(cp))
              .setAssetReference(reference);
            const hex = encodeGiai96({ companyPrefix: cp, individualAssetReference: reference, filter });
            expect(hex).toBe(theirs.toHexString());
            const decoded = decodeEpc(hex);
            const other = tds.valueOf(hex);
            expect(decoded).toEqual({
              scheme: 'giai-96',
              hex,
              filter,
              partition,
              companyPrefix: cp,
              individualAssetReference: reference.toString(),
              giai: other.toBarcode(),
              pureIdentityUri: other.toIdURI(),
              tagUri: other.toTagURI(),
            });
            expect(uriToHex(decoded.tagUri)).toBe(hex);
            expect(uriToHex(decoded.pureIdentityUri, { filter })).toBe(hex);
            expect(tds.fromTagURI(decoded.tagUri).toHexString()).toBe(hex);
          },
        ),
        { numRuns: RUNS_PER_PARTITION },
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
