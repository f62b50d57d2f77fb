import { HEX_VALUE, nibblesToHex, readBits, writeBigBits, writeBits } from './bits.js';
import { allDigits, checkDigitUnchecked, toGtin14 } from './check-digit.js';
import { EpcError, type EpcErrorCode } from './errors.js';

export type EpcScheme = 'sgtin-96' | 'sgtin-198' | 'sscc-96' | 'grai-96' | 'giai-96';

export const EPC_SCHEMES: readonly EpcScheme[] = ['sgtin-96', 'sgtin-198', 'sscc-96', 'grai-96', 'giai-96'];

export type DecodedEpc = {
  scheme: EpcScheme;
  /** Uppercase hex as read (96-bit schemes: 24 digits; SGTIN-198: 50 or 52). */
  hex: string;
  filter: number;
  partition: number;
  companyPrefix: string;
  /** urn:epc:id:sgtin:0614141.812345.6789 */
  pureIdentityUri: string;
  /** urn:epc:tag:sgtin-96:3.0614141.812345.6789 */
  tagUri: string;
  /** SGTIN: GTIN-14 with check digit. */
  gtin?: string;
  /** SGTIN / GRAI serial (SGTIN-198: raw characters, not URI-escaped). */
  serial?: string;
  /** SGTIN item reference with its leading indicator digit. */
  itemReference?: string;
  /** SSCC: 18 digits with check digit. */
  sscc?: string;
  /** SSCC serial reference with its leading extension digit. */
  serialReference?: string;
  /** GRAI asset type (empty for partition 0). */
  assetType?: string;
  /** GRAI element string value (AI 8003): '0' + company prefix + asset type + check digit + serial. */
  grai?: string;
  /** GIAI individual asset reference. */
  individualAssetReference?: string;
  /** GIAI element string value (AI 8004): company prefix + individual asset reference. */
  giai?: string;
};

/** Default filter values used when an encoder is not given one: SGTIN 1 (point-of-sale trade item), others 0 (all others). */
export const DEFAULT_FILTER: Readonly<Record<EpcScheme, number>> = {
  'sgtin-96': 1,
  'sgtin-198': 1,
  'sscc-96': 0,
  'grai-96': 0,
  'giai-96': 0,
};

const HEADER_SGTIN96 = 0x30;
const HEADER_SSCC96 = 0x31;
const HEADER_GRAI96 = 0x33;
const HEADER_GIAI96 = 0x34;
const HEADER_SGTIN198 = 0x36;

const HEADERS: Readonly<Record<EpcScheme, number>> = {
  'sgtin-96': HEADER_SGTIN96,
  'sgtin-198': HEADER_SGTIN198,
  'sscc-96': HEADER_SSCC96,
  'grai-96': HEADER_GRAI96,
  'giai-96': HEADER_GIAI96,
};

/** One row of a TDS partition table: [company prefix bits, digits, second field bits, digits]; index = partition value. */
type PartitionRow = readonly [number, number, number, number];

/** The company prefix's [bits, digits] of each partition value 0 … 6: the same in every scheme's table. */
const COMPANY_PREFIX_PARTITIONS: readonly (readonly [number, number])[] = [
  [40, 12],
  [37, 11],
  [34, 10],
  [30, 9],
  [27, 8],
  [24, 7],
  [20, 6],
];

/**
 * A scheme's partition table: the field after the company prefix (item reference, serial reference, asset type,
 * individual asset reference) has the bits and digits the company prefix leaves of `bits` and `digits`.
 */
const partitionTable = (bits: number, digits: number): readonly PartitionRow[] =>
  COMPANY_PREFIX_PARTITIONS.map(([prefixBits, prefixDigits]) => [
    prefixBits,
    prefixDigits,
    bits - prefixBits,
    digits - prefixDigits,
  ]);

const SGTIN_PARTITIONS = partitionTable(44, 13);
const SSCC_PARTITIONS = partitionTable(58, 17);
const GRAI_PARTITIONS = partitionTable(44, 12);
const GIAI_PARTITIONS = partitionTable(82, 25);

const POW10: readonly number[] = Array.from({ length: 16 }, (_, i) => 10 ** i);

/** Largest serial of SGTIN-96 and GRAI-96 (38 bits). */
export const MAX_SERIAL_96 = 2 ** 38 - 1;
const MAX_SERIAL_96_BIG = BigInt(MAX_SERIAL_96);

const SGTIN198_SERIAL_CHARS = 20;

/**
 * GS1 AI encodable character set 82 (TDS Table A-1): every character allowed in an SGTIN-198 serial.
 * Value: 1 allowed as is in a URI, 2 allowed but must be %-escaped in a URI, 0 not allowed.
 */
const AI82: Uint8Array = (() => {
  const table = new Uint8Array(128);
  const plain = "!'()*+,-.:;=_";
  for (const c of plain) table[c.charCodeAt(0)] = 1;
  for (const c of '"%&/<>?') table[c.charCodeAt(0)] = 2;
  for (let i = 48; i <= 57; i++) table[i] = 1;
  for (let i = 65; i <= 90; i++) table[i] = 1;
  for (let i = 97; i <= 122; i++) table[i] = 1;
  return table;
})();

export const isAi82Char = (code: number): boolean => code < 128 && AI82[code] !== 0;

const escapeChar = (code: number): string => `%${code.toString(16).toUpperCase().padStart(2, '0')}`;

/** URI form of an SGTIN-198 serial: " % & / < > ? become %22 %25 %26 %2F %3C %3E %3F (TDS Table A-1). */
export function escapeUriComponent(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    out += code < 128 && AI82[code] === 2 ? escapeChar(code) : value[i];
  }
  return out;
}

// Scratch nibble buffer for decoding: JavaScript is single threaded and decodeEpc never re-enters.
const NIBBLES = new Uint8Array(64);

const fail = (code: EpcErrorCode, message: string): never => {
  throw new EpcError(code, message);
};

const pad = (value: number, digits: number): string => {
  const s = String(value);
  return s.length >= digits ? s : '0'.repeat(digits - s.length) + s;
};

// The decoder reports failures through this state instead of throwing, so that tryDecodeEpc refuses junk without the
// cost of an Error and its stack trace (readers see plenty of foreign and unprogrammed tags).
let failureCode: EpcErrorCode = 'BAD_HEX';
let failureMessage = '';

const refuse = (code: EpcErrorCode, message: string): undefined => {
  failureCode = code;
  failureMessage = message;
  return undefined;
};

/** Decodes a hex EPC (SGTIN-96/198, SSCC-96, GRAI-96, GIAI-96). Throws EpcError; never returns a wrong GTIN. */
export function decodeEpc(hex: string): DecodedEpc {
  const decoded = decodeOrRefuse(hex);
  if (decoded === undefined) throw new EpcError(failureCode, failureMessage);
  return decoded;
}

/** decodeEpc that returns null instead of throwing (and is as fast on junk as on good EPCs). */
export function tryDecodeEpc(hex: string): DecodedEpc | null {
  return decodeOrRefuse(hex) ?? null;
}

/** Fills NIBBLES from `hex`; false (with the failure set) when it is not a hex string of 2 digits or more. */
function readNibbles(hex: string): boolean {
  if (typeof hex !== 'string') return refuse('BAD_HEX', 'An EPC must be a hex string') ?? false;
  const length = hex.length;
  if (length < 2) return refuse('BAD_LENGTH', `EPC '${hex}' is too short`) ?? false;
  for (let i = 0; i < length; i++) {
    const code = hex.charCodeAt(i);
    const v = code < 128 ? HEX_VALUE[code] : -1;
    if (v < 0) return refuse('BAD_HEX', `EPC '${hex}' is not hexadecimal (position ${i})`) ?? false;
    if (i < 64) NIBBLES[i] = v;
  }
  return true;
}

/** What ingestion stores of an EPC: its scheme, and for an SGTIN its GTIN-14 and serial. */
export type EpcItemKey = { scheme: EpcScheme; gtin: string | null; serial: string | null };

/**
 * The scheme, GTIN and serial of an EPC exactly as `tryDecodeEpc` answers them (null where it answers null), without
 * the URIs and other fields it also builds: an SGTIN-96, the tags readers send by the thousand, is read straight into
 * those three (ingestion decodes every EPC of every set; issue 15). Other schemes go through `tryDecodeEpc`.
 */
export function tryDecodeItemKey(hex: string): EpcItemKey | null {
  if (typeof hex === 'string' && hex.length === 24 && readNibbles(hex) && NIBBLES[0] * 16 + NIBBLES[1] === HEADER_SGTIN96) {
    const partition = readBits(NIBBLES, 11, 3);
    if (partition === 7) return null;
    const row = SGTIN_PARTITIONS[partition];
    const cpValue = readBits(NIBBLES, 14, row[0]);
    if (cpValue >= POW10[row[1]]) return null;
    const reference = readBits(NIBBLES, 14 + row[0], row[2]);
    if (reference >= POW10[row[3]]) return null;
    const companyPrefix = pad(cpValue, row[1]);
    const itemReference = pad(reference, row[3]);
    const gtin13 = itemReference[0] + companyPrefix + itemReference.slice(1);
    return { scheme: 'sgtin-96', gtin: gtin13 + checkDigitUnchecked(gtin13, 0, 13), serial: String(readBits(NIBBLES, 58, 38)) };
  }
  const decoded = tryDecodeEpc(hex);
  if (!decoded) return null;
  return { scheme: decoded.scheme, gtin: decoded.gtin ?? null, serial: decoded.serial ?? null };
}

/** The hex digits of each scheme's EPC bank word count: 96 bits (6 words), SGTIN-198 in 13 words (52 digits). */
const SCHEME_DIGITS: Readonly<Record<number, number>> = {
  [HEADER_SGTIN96]: 24,
  [HEADER_SGTIN198]: 52,
  [HEADER_SSCC96]: 24,
  [HEADER_GRAI96]: 24,
  [HEADER_GIAI96]: 24,
};

/**
 * An EPC as its scheme's length when a reader reported it longer (issue 27): readers report the EPC bank by the
 * length its PC word gives, and a tag encoded with an SGTIN-96 in a longer bank (or a PC saying so) comes as the
 * 24 digits followed by zero words. Decoders read the scheme from the header and the bits it has (as epc-tds does);
 * the zero words are padding and are dropped. Unchanged when the extra digits are not whole 16-bit words of zeros, or
 * the header is no supported scheme.
 */
export function trimEpcPadding(hex: string): string {
  if (typeof hex !== 'string' || hex.length < 28 || hex.length % 4 !== 0) return hex;
  const header = Number.parseInt(hex.slice(0, 2), 16);
  const digits = SCHEME_DIGITS[header];
  if (digits === undefined || hex.length <= digits || !/^0+$/.test(hex.slice(digits))) return hex;
  return hex.slice(0, digits);
}

function decodeOrRefuse(raw: string): DecodedEpc | undefined {
  const hex = trimEpcPadding(raw);
  if (!readNibbles(hex)) return undefined;
  const length = hex.length;
  const header = NIBBLES[0] * 16 + NIBBLES[1];
  switch (header) {
    case HEADER_SGTIN96:
      if (length !== 24) return badLength(hex, 'sgtin-96', '24');
      return decodeSgtin(hex, false);
    case HEADER_SGTIN198:
      if (length !== 52 && length !== 50) return badLength(hex, 'sgtin-198', '50 or 52');
      return decodeSgtin(hex, true);
    case HEADER_SSCC96:
      if (length !== 24) return badLength(hex, 'sscc-96', '24');
      return decodeSscc(hex);
    case HEADER_GRAI96:
      if (length !== 24) return badLength(hex, 'grai-96', '24');
      return decodeGrai(hex);
    case HEADER_GIAI96:
      if (length !== 24) return badLength(hex, 'giai-96', '24');
      return decodeGiai(hex);
    default:
      return refuse('UNKNOWN_HEADER', `EPC header 0x${hex.slice(0, 2).toUpperCase()} is not a supported scheme`);
  }
}

const badLength = (hex: string, scheme: EpcScheme, expected: string): undefined =>
  refuse('BAD_LENGTH', `A ${scheme} EPC has ${expected} hex digits, '${hex}' has ${hex.length}`);

/** Uppercase without allocating when the input already is (the usual case). */
const upper = (hex: string): string => {
  for (let i = 0; i < hex.length; i++) {
    if (hex.charCodeAt(i) >= 97) return hex.toUpperCase();
  }
  return hex;
};

const PARTITION_7 = 'Partition value 7 is reserved';

/** What every scheme starts with after the header: the filter, the partition (7 is reserved) and the company prefix. */
type DecodedHead = { filter: number; partition: number; row: PartitionRow; companyPrefix: string };

function readHead(table: readonly PartitionRow[]): DecodedHead | undefined {
  const filter = readBits(NIBBLES, 8, 3);
  const partition = readBits(NIBBLES, 11, 3);
  if (partition === 7) return refuse('BAD_PARTITION', PARTITION_7);
  const row = table[partition];
  const cpValue = readBits(NIBBLES, 14, row[0]);
  if (cpValue >= POW10[row[1]]) return refuse('BAD_VALUE', `Company prefix ${cpValue} does not fit in ${row[1]} digits`);
  return { filter, partition, row, companyPrefix: pad(cpValue, row[1]) };
}

/** The decimal field after the company prefix (`what`), padded to its row's digits; refused when its value has more. */
function readSecondField(row: PartitionRow, what: string): string | undefined {
  const value = readBits(NIBBLES, 14 + row[0], row[2]);
  if (value >= POW10[row[3]]) return refuse('BAD_VALUE', `${what} ${value} does not fit in ${row[3]} digits`);
  return pad(value, row[3]);
}

/** The fields every decoded EPC starts with; `body` is what its URIs hold after the filter. */
const decodedFields = (hex: string, scheme: EpcScheme, idType: string, head: DecodedHead, body: string) => ({
  scheme,
  hex: upper(hex),
  filter: head.filter,
  partition: head.partition,
  companyPrefix: head.companyPrefix,
  pureIdentityUri: `urn:epc:id:${idType}:${body}`,
  tagUri: `urn:epc:tag:${scheme}:${head.filter}.${body}`,
});

function decodeSgtin(hex: string, is198: boolean): DecodedEpc | undefined {
  const head = readHead(SGTIN_PARTITIONS);
  if (head === undefined) return undefined;
  const itemReference = readSecondField(head.row, 'Item reference');
  if (itemReference === undefined) return undefined;
  let serial: string | undefined;
  let uriSerial: string;
  if (is198) {
    serial = readSgtin198Serial();
    if (serial === undefined) return undefined;
    uriSerial = escapeUriComponent(serial);
  } else {
    serial = String(readBits(NIBBLES, 58, 38));
    uriSerial = serial;
  }
  const { companyPrefix } = head;
  const gtin13 = itemReference[0] + companyPrefix + itemReference.slice(1);
  const scheme: EpcScheme = is198 ? 'sgtin-198' : 'sgtin-96';
  return {
    ...decodedFields(hex, scheme, 'sgtin', head, `${companyPrefix}.${itemReference}.${uriSerial}`),
    gtin: gtin13 + checkDigitUnchecked(gtin13, 0, 13),
    serial,
    itemReference,
  };
}

/** 20 × 7-bit characters from bit 58, zero-terminated; after the first zero every bit must be zero. */
function readSgtin198Serial(): string | undefined {
  let serial = '';
  let ended = false;
  for (let i = 0; i < SGTIN198_SERIAL_CHARS; i++) {
    const code = readBits(NIBBLES, 58 + i * 7, 7);
    if (ended) {
      if (code !== 0) return refuse('BAD_VALUE', 'SGTIN-198 serial has characters after its terminating zero');
      continue;
    }
    if (code === 0) {
      ended = true;
      continue;
    }
    if (AI82[code] === 0) return refuse('BAD_VALUE', `SGTIN-198 serial has character code ${code}, outside the GS1 AI 82 set`);
    serial += String.fromCharCode(code);
  }
  if (serial.length === 0) return refuse('BAD_VALUE', 'SGTIN-198 serial is empty');
  return serial;
}

function decodeSscc(hex: string): DecodedEpc | undefined {
  const head = readHead(SSCC_PARTITIONS);
  if (head === undefined) return undefined;
  const serialReference = readSecondField(head.row, 'Serial reference');
  if (serialReference === undefined) return undefined;
  if (readBits(NIBBLES, 72, 24) !== 0) return refuse('BAD_VALUE', 'SSCC-96 unallocated bits are not zero');
  const { companyPrefix } = head;
  const sscc17 = serialReference[0] + companyPrefix + serialReference.slice(1);
  return {
    ...decodedFields(hex, 'sscc-96', 'sscc', head, `${companyPrefix}.${serialReference}`),
    sscc: sscc17 + checkDigitUnchecked(sscc17, 0, 17),
    serialReference,
  };
}

function decodeGrai(hex: string): DecodedEpc | undefined {
  const head = readHead(GRAI_PARTITIONS);
  if (head === undefined) return undefined;
  const assetDigits = readSecondField(head.row, 'Asset type');
  if (assetDigits === undefined) return undefined;
  const { companyPrefix } = head;
  const assetType = head.row[3] === 0 ? '' : assetDigits;
  const serial = String(readBits(NIBBLES, 58, 38));
  const grai13 = `0${companyPrefix}${assetType}`;
  return {
    ...decodedFields(hex, 'grai-96', 'grai', head, `${companyPrefix}.${assetType}.${serial}`),
    assetType,
    serial,
    grai: grai13 + checkDigitUnchecked(grai13, 0, 13) + serial,
  };
}

function decodeGiai(hex: string): DecodedEpc | undefined {
  const head = readHead(GIAI_PARTITIONS);
  if (head === undefined) return undefined;
  const { companyPrefix, row } = head;
  const start = 14 + row[0];
  const bits = row[2];
  // Up to 62 bits: read as high and low halves and only go through BigInt when above 2^53.
  const high = readBits(NIBBLES, start, bits - 31);
  const low = readBits(NIBBLES, start + bits - 31, 31);
  const individualAssetReference =
    high < 2 ** 22 ? String(high * 2 ** 31 + low) : ((BigInt(high) << 31n) | BigInt(low)).toString();
  return {
    ...decodedFields(hex, 'giai-96', 'giai', head, `${companyPrefix}.${individualAssetReference}`),
    individualAssetReference,
    giai: companyPrefix + individualAssetReference,
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// Encoding

const checkFilter = (filter: number): number => {
  if (!Number.isInteger(filter) || filter < 0 || filter > 7) fail('BAD_VALUE', `Filter must be 0–7, got ${filter}`);
  return filter;
};

/** Partition value for a GS1 company prefix length (6–12 digits). */
export function partitionForCompanyPrefixLength(companyPrefixLength: number): number {
  if (!Number.isInteger(companyPrefixLength) || companyPrefixLength < 6 || companyPrefixLength > 12) {
    fail('BAD_PARTITION', `A GS1 company prefix has 6 to 12 digits, got ${companyPrefixLength}`);
  }
  return 12 - companyPrefixLength;
}

const checkDigitsField = (value: string, digits: number, what: string): void => {
  if (value.length !== digits || (digits > 0 && !allDigits(value))) {
    fail('BAD_VALUE', `${what} must be ${digits} digits, got '${value}'`);
  }
};

/** Canonical decimal form of a 38-bit serial: digits, no leading zeros, ≤ 2^38 − 1. */
function integerSerial(serial: string | number | bigint, what: string): number {
  if (typeof serial === 'number') {
    if (!Number.isSafeInteger(serial) || serial < 0 || serial > MAX_SERIAL_96) {
      fail('BAD_VALUE', `${what} must be an integer from 0 to ${MAX_SERIAL_96}, got ${serial}`);
    }
    return serial;
  }
  if (typeof serial === 'bigint') {
    if (serial < 0n || serial > MAX_SERIAL_96_BIG) fail('BAD_VALUE', `${what} must be from 0 to ${MAX_SERIAL_96}, got ${serial}`);
    return Number(serial);
  }
  if (typeof serial !== 'string' || !allDigits(serial) || (serial.length > 1 && serial[0] === '0')) {
    return fail('BAD_VALUE', `${what} must be digits without leading zeros, got '${String(serial)}'`);
  }
  const value = serial.length > 12 ? Number.POSITIVE_INFINITY : Number(serial);
  if (value > MAX_SERIAL_96) fail('BAD_VALUE', `${what} must be at most ${MAX_SERIAL_96}, got ${serial}`);
  return value;
}

function checkSgtin198Serial(serial: string): void {
  if (typeof serial !== 'string' || serial.length === 0 || serial.length > SGTIN198_SERIAL_CHARS) {
    fail('BAD_VALUE', `An SGTIN-198 serial has 1 to 20 characters, got '${String(serial)}'`);
  }
  for (let i = 0; i < serial.length; i++) {
    if (!isAi82Char(serial.charCodeAt(i))) {
      fail('BAD_VALUE', `SGTIN-198 serial '${serial}' has '${serial[i]}', outside the GS1 AI 82 character set`);
    }
  }
}

/** The partition of a company prefix of 6 to 12 digits and its row of the scheme's table. */
type PrefixPartition = { partition: number; row: PartitionRow };

const prefixPartition = (table: readonly PartitionRow[], companyPrefix: string): PrefixPartition => {
  const partition = partitionForCompanyPrefixLength(companyPrefix.length);
  const row = table[partition];
  checkDigitsField(companyPrefix, row[1], 'Company prefix');
  return { partition, row };
};

/** A new EPC: header, filter, partition, company prefix, and the field after it (`second`) in its row's bits. */
const newEpc = (
  nibbleCount: number,
  scheme: EpcScheme,
  filter: number,
  { partition, row }: PrefixPartition,
  companyPrefix: string,
  second: number | bigint,
): Uint8Array => {
  const nibbles = new Uint8Array(nibbleCount);
  writeBits(nibbles, 0, 8, HEADERS[scheme]);
  writeBits(nibbles, 8, 3, checkFilter(filter));
  writeBits(nibbles, 11, 3, partition);
  writeBits(nibbles, 14, row[0], Number(companyPrefix));
  if (typeof second === 'bigint') writeBigBits(nibbles, 14 + row[0], row[2], second);
  else writeBits(nibbles, 14 + row[0], row[2], second);
  return nibbles;
};

type SgtinParts = {
  scheme: 'sgtin-96' | 'sgtin-198';
  filter: number;
  companyPrefix: string;
  itemReference: string;
  serial: string;
};

/** SGTIN from URI parts. SGTIN-96 serials must be canonical integers; SGTIN-198 serials are raw AI 82 characters. */
export function encodeSgtinParts(parts: SgtinParts): string {
  const { scheme, filter, companyPrefix, itemReference, serial } = parts;
  const at = prefixPartition(SGTIN_PARTITIONS, companyPrefix);
  checkDigitsField(itemReference, at.row[3], 'Item reference');
  if (scheme === 'sgtin-96') {
    const serialValue = integerSerial(serial, 'SGTIN-96 serial');
    const nibbles = newEpc(24, scheme, filter, at, companyPrefix, Number(itemReference));
    writeBits(nibbles, 58, 38, serialValue);
    return nibblesToHex(nibbles);
  }
  checkSgtin198Serial(serial);
  const nibbles = newEpc(52, scheme, filter, at, companyPrefix, Number(itemReference));
  for (let i = 0; i < serial.length; i++) writeBits(nibbles, 58 + i * 7, 7, serial.charCodeAt(i));
  return nibblesToHex(nibbles);
}

const splitGtin = (gtin: string, companyPrefixLength: number) => {
  const gtin14 = toGtin14(gtin);
  partitionForCompanyPrefixLength(companyPrefixLength);
  return {
    companyPrefix: gtin14.slice(1, 1 + companyPrefixLength),
    itemReference: gtin14[0] + gtin14.slice(1 + companyPrefixLength, 13),
  };
};

/** SGTIN-96 hex from a GTIN (8/12/13/14 digits, check digit verified) and a numeric serial ≤ 2^38 − 1. */
export function encodeSgtin96(o: {
  gtin: string;
  serial: string | number | bigint;
  companyPrefixLength: number;
  filter?: number;
}): string {
  const { companyPrefix, itemReference } = splitGtin(o.gtin, o.companyPrefixLength);
  const serial = String(integerSerial(o.serial, 'SGTIN-96 serial'));
  return encodeSgtinParts({
    scheme: 'sgtin-96',
    filter: o.filter ?? DEFAULT_FILTER['sgtin-96'],
    companyPrefix,
    itemReference,
    serial,
  });
}

/** SGTIN-198 hex (52 digits) from a GTIN and an alphanumeric serial (1–20 characters of the GS1 AI 82 set). */
export function encodeSgtin198(o: { gtin: string; serial: string; companyPrefixLength: number; filter?: number }): string {
  const { companyPrefix, itemReference } = splitGtin(o.gtin, o.companyPrefixLength);
  return encodeSgtinParts({
    scheme: 'sgtin-198',
    filter: o.filter ?? DEFAULT_FILTER['sgtin-198'],
    companyPrefix,
    itemReference,
    serial: o.serial,
  });
}

/** SSCC-96 from URI parts. */
export function encodeSsccParts(parts: { filter: number; companyPrefix: string; serialReference: string }): string {
  const { filter, companyPrefix, serialReference } = parts;
  const at = prefixPartition(SSCC_PARTITIONS, companyPrefix);
  checkDigitsField(serialReference, at.row[3], 'Serial reference');
  return nibblesToHex(newEpc(24, 'sscc-96', filter, at, companyPrefix, Number(serialReference)));
}

/** Refuses a GS1 key (its digits already checked) whose last digit is not its check digit, then a bad company prefix length. */
const checkKey = (name: string, key: string, companyPrefixLength: number): void => {
  const last = key.length - 1;
  if (checkDigitUnchecked(key, 0, last) !== key.charCodeAt(last) - 48)
    fail('BAD_CHECK_DIGIT', `${name} ${key} has a wrong check digit`);
  partitionForCompanyPrefixLength(companyPrefixLength);
};

/** SSCC-96 hex from an 18-digit SSCC (check digit verified). */
export function encodeSscc96(o: { sscc: string; companyPrefixLength: number; filter?: number }): string {
  const { sscc, companyPrefixLength } = o;
  if (typeof sscc !== 'string' || sscc.length !== 18 || !allDigits(sscc)) {
    fail('BAD_VALUE', `An SSCC has 18 digits, got '${String(sscc)}'`);
  }
  checkKey('SSCC', sscc, companyPrefixLength);
  return encodeSsccParts({
    filter: o.filter ?? DEFAULT_FILTER['sscc-96'],
    companyPrefix: sscc.slice(1, 1 + companyPrefixLength),
    serialReference: sscc[0] + sscc.slice(1 + companyPrefixLength, 17),
  });
}

/** GRAI-96 from URI parts. */
export function encodeGraiParts(parts: { filter: number; companyPrefix: string; assetType: string; serial: string }): string {
  const { filter, companyPrefix, assetType, serial } = parts;
  const at = prefixPartition(GRAI_PARTITIONS, companyPrefix);
  checkDigitsField(assetType, at.row[3], 'Asset type');
  const serialValue = integerSerial(serial, 'GRAI-96 serial');
  const nibbles = newEpc(24, 'grai-96', filter, at, companyPrefix, assetType === '' ? 0 : Number(assetType));
  writeBits(nibbles, 58, 38, serialValue);
  return nibblesToHex(nibbles);
}

/**
 * GRAI-96 hex. `grai` is the 14-digit GRAI without serial: the leading '0', company prefix, asset type and check digit
 * (13 digits without the leading '0' are accepted too); the serial must be numeric ≤ 2^38 − 1.
 */
export function encodeGrai96(o: {
  grai: string;
  serial: string | number | bigint;
  companyPrefixLength: number;
  filter?: number;
}): string {
  const { companyPrefixLength } = o;
  const grai = typeof o.grai === 'string' && o.grai.length === 13 ? `0${o.grai}` : o.grai;
  if (typeof grai !== 'string' || grai.length !== 14 || !allDigits(grai) || grai[0] !== '0') {
    fail('BAD_VALUE', `A GRAI (without serial) has 14 digits starting with 0, got '${String(o.grai)}'`);
  }
  checkKey('GRAI', grai, companyPrefixLength);
  return encodeGraiParts({
    filter: o.filter ?? DEFAULT_FILTER['grai-96'],
    companyPrefix: grai.slice(1, 1 + companyPrefixLength),
    assetType: grai.slice(1 + companyPrefixLength, 13),
    serial: String(integerSerial(o.serial, 'GRAI-96 serial')),
  });
}

/** GIAI-96 hex from a company prefix (6–12 digits) and a numeric individual asset reference that fits its partition. */
export function encodeGiai96(o: {
  companyPrefix: string;
  individualAssetReference: string | number | bigint;
  filter?: number;
}): string {
  const { companyPrefix } = o;
  if (typeof companyPrefix !== 'string') return fail('BAD_VALUE', 'Company prefix must be a string of digits');
  const at = prefixPartition(GIAI_PARTITIONS, companyPrefix);
  const reference = o.individualAssetReference;
  let value: bigint;
  if (typeof reference === 'bigint') {
    value = reference;
  } else if (typeof reference === 'number') {
    if (!Number.isSafeInteger(reference)) fail('BAD_VALUE', `Individual asset reference must be an integer, got ${reference}`);
    value = BigInt(reference);
  } else {
    if (typeof reference !== 'string' || !allDigits(reference) || (reference.length > 1 && reference[0] === '0')) {
      return fail('BAD_VALUE', `Individual asset reference must be digits without leading zeros, got '${String(reference)}'`);
    }
    value = BigInt(reference);
  }
  if (value < 0n || value >= 1n << BigInt(at.row[2])) {
    fail('BAD_VALUE', `Individual asset reference ${value} does not fit in ${at.row[2]} bits (partition ${at.partition})`);
  }
  return nibblesToHex(newEpc(24, 'giai-96', o.filter ?? DEFAULT_FILTER['giai-96'], at, companyPrefix, value));
}

// ---------------------------------------------------------------------------------------------------------------------
// URIs

export type UriToHexOptions = {
  /** Bit size for a pure identity URI (urn:epc:id:…): default the 96-bit scheme. Ignored for tag URIs. */
  scheme?: EpcScheme;
  /** Filter for a pure identity URI; default DEFAULT_FILTER of the scheme. Ignored for tag URIs. */
  filter?: number;
};

const ID_TYPES: Readonly<Record<string, readonly EpcScheme[]>> = {
  sgtin: ['sgtin-96', 'sgtin-198'],
  sscc: ['sscc-96'],
  grai: ['grai-96'],
  giai: ['giai-96'],
};

/** Decodes %-escapes of an SGTIN-198 URI serial; every resulting character must be in the AI 82 set. */
function unescapeUriComponent(value: string, uri: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 37) {
      const hi = i + 1 < value.length ? HEX_VALUE[value.charCodeAt(i + 1)] : -1;
      const lo = i + 2 < value.length ? HEX_VALUE[value.charCodeAt(i + 2)] : -1;
      if (hi === undefined || lo === undefined || hi < 0 || lo < 0) fail('BAD_URI', `Bad %-escape in '${uri}'`);
      const decoded = hi * 16 + lo;
      if (!isAi82Char(decoded)) fail('BAD_URI', `'${uri}' escapes a character outside the GS1 AI 82 set`);
      out += String.fromCharCode(decoded);
      i += 2;
      continue;
    }
    if (code >= 128 || AI82[code] !== 1) fail('BAD_URI', `'${uri}' has '${value[i]}', which must be %-escaped or is not allowed`);
    out += value[i];
  }
  return out;
}

/** Splits 'a.b.c' into exactly `count` parts; the last part keeps any further dots (SGTIN-198 serials may contain '.'). */
function splitBody(body: string, count: number, uri: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i < count - 1; i++) {
    const dot = body.indexOf('.', from);
    if (dot < 0) fail('BAD_URI', `'${uri}' needs ${count} dot-separated parts`);
    parts.push(body.slice(from, dot));
    from = dot + 1;
  }
  parts.push(body.slice(from));
  return parts;
}

const uriDigits = (value: string, uri: string, allowEmpty = false): string => {
  if (value === '' ? !allowEmpty : !allDigits(value)) fail('BAD_URI', `'${uri}' has a part that is not digits: '${value}'`);
  return value;
};

/**
 * Tag URI (urn:epc:tag:sgtin-96:3.0614141.812345.6789) or pure identity URI (urn:epc:id:sgtin:0614141.812345.6789)
 * → hex. A pure identity URI says nothing about the bit size or the filter: see UriToHexOptions.
 */
export function uriToHex(uri: string, options: UriToHexOptions = {}): string {
  if (typeof uri !== 'string') return fail('BAD_URI', 'An EPC URI must be a string');
  let scheme: EpcScheme;
  let filter: number;
  let body: string;
  if (uri.startsWith('urn:epc:tag:')) {
    const colon = uri.indexOf(':', 12);
    const name = colon < 0 ? '' : uri.slice(12, colon);
    if (!(EPC_SCHEMES as readonly string[]).includes(name)) return fail('BAD_URI', `'${uri}' is not a supported EPC tag URI`);
    scheme = name as EpcScheme;
    const dot = uri.indexOf('.', colon);
    const filterText = dot < 0 ? '' : uri.slice(colon + 1, dot);
    if (filterText.length !== 1 || filterText < '0' || filterText > '7') return fail('BAD_URI', `'${uri}' has a bad filter`);
    filter = Number(filterText);
    body = uri.slice(dot + 1);
  } else if (uri.startsWith('urn:epc:id:')) {
    const colon = uri.indexOf(':', 11);
    const type = colon < 0 ? '' : uri.slice(11, colon);
    const schemes = Object.hasOwn(ID_TYPES, type) ? ID_TYPES[type] : undefined;
    if (!schemes) return fail('BAD_URI', `'${uri}' is not a supported EPC pure identity URI`);
    scheme = options.scheme ?? schemes[0];
    if (!schemes.includes(scheme)) return fail('BAD_URI', `Scheme ${scheme} cannot encode '${uri}'`);
    filter = options.filter ?? DEFAULT_FILTER[scheme];
    body = uri.slice(colon + 1);
  } else {
    return fail('BAD_URI', `'${uri}' is not an EPC URI (urn:epc:tag:… or urn:epc:id:…)`);
  }
  switch (scheme) {
    case 'sgtin-96':
    case 'sgtin-198': {
      const [companyPrefix, itemReference, rawSerial] = splitBody(body, 3, uri);
      uriDigits(companyPrefix, uri);
      uriDigits(itemReference, uri);
      // A valid URI whose serial SGTIN-96 cannot hold (letters, leading zeros, too large) is BAD_VALUE, not BAD_URI;
      // the same goes for GRAI-96 serials and GIAI-96 references below (GRAI-170 and GIAI-202 would hold them).
      const serial = scheme === 'sgtin-96' ? rawSerial : unescapeUriComponent(rawSerial, uri);
      return encodeSgtinParts({ scheme, filter, companyPrefix, itemReference, serial });
    }
    case 'sscc-96': {
      const [companyPrefix, serialReference] = splitBody(body, 2, uri);
      return encodeSsccParts({
        filter,
        companyPrefix: uriDigits(companyPrefix, uri),
        serialReference: uriDigits(serialReference, uri),
      });
    }
    case 'grai-96': {
      const [companyPrefix, assetType, serial] = splitBody(body, 3, uri);
      return encodeGraiParts({
        filter,
        companyPrefix: uriDigits(companyPrefix, uri),
        assetType: uriDigits(assetType, uri, true),
        serial,
      });
    }
    case 'giai-96': {
      const [companyPrefix, reference] = splitBody(body, 2, uri);
      return encodeGiai96({
        filter,
        companyPrefix: uriDigits(companyPrefix, uri),
        individualAssetReference: reference,
      });
    }
  }
}

/** uriToHex then decodeEpc: every field of a tag or pure identity URI. */
export function decodeEpcUri(uri: string, options: UriToHexOptions = {}): DecodedEpc {
  return decodeEpc(uriToHex(uri, options));
}
