import { allDigits, checkDigitUnchecked } from './check-digit.js';
import { isAi82Char } from './epc.js';
import { EpcError } from './errors.js';

export type Gs1ElementString = {
  /** AI 01, 14 digits, check digit verified. */
  gtin?: string;
  /** AI 21. */
  serial?: string;
  /** AI 10 (batch or lot). */
  lot?: string;
  /** AI 17 expiration date, YYMMDD. */
  expiry?: string;
  /** AI 15, YYMMDD. */
  bestBefore?: string;
  /** AI 11, YYMMDD. */
  productionDate?: string;
  /** AI 00, 18 digits, check digit verified. */
  sscc?: string;
  /** AI 30 (variable count) or AI 37 (count of trade items). */
  quantity?: string;
  /** Every element in input order. */
  elements: { ai: string; value: string }[];
};

const GS = '\u001d';
const GS_CODE = 0x1d;

/** n: digits; x: GS1 AI 82 characters; y: any printable character (AI 8030). */
type Charset = 'n' | 'x' | 'y';

type AiSpec = {
  ai: string;
  min: number;
  max: number;
  /** The first `numericPrefix` characters must be digits (formats like n3+x..27). */
  numericPrefix: number;
  charset: Charset;
  /** A GS1 check digit closes the first `checkDigitAt` characters (0: none). */
  checkDigitAt: number;
  isDate: boolean;
};

/**
 * Format language (GS1 General Specifications §3.2): 'n14', 'n..8', 'x..20', 'n3+x..27', 'n6..12'.
 * Flags: c<N> check digit over the first N digits, d a YYMMDD date.
 */
const AI_FORMATS: readonly (readonly [string, string, string?])[] = [
  ['00', 'n18', 'c18'],
  ['01', 'n14', 'c14'],
  ['02', 'n14', 'c14'],
  ['03', 'n14', 'c14'],
  ['10', 'x..20'],
  ['11', 'n6', 'd'],
  ['12', 'n6', 'd'],
  ['13', 'n6', 'd'],
  ['15', 'n6', 'd'],
  ['16', 'n6', 'd'],
  ['17', 'n6', 'd'],
  ['20', 'n2'],
  ['21', 'x..20'],
  ['22', 'x..20'],
  ['235', 'x..28'],
  ['240', 'x..30'],
  ['241', 'x..30'],
  ['242', 'n..6'],
  ['243', 'x..20'],
  ['250', 'x..30'],
  ['251', 'x..30'],
  ['253', 'n13+x..17', 'c13'],
  ['254', 'x..20'],
  ['255', 'n13+n..12', 'c13'],
  ['30', 'n..8'],
  ['37', 'n..8'],
  ['400', 'x..30'],
  ['401', 'x..30'],
  ['402', 'n17', 'c17'],
  ['403', 'x..30'],
  ['410', 'n13', 'c13'],
  ['411', 'n13', 'c13'],
  ['412', 'n13', 'c13'],
  ['413', 'n13', 'c13'],
  ['414', 'n13', 'c13'],
  ['415', 'n13', 'c13'],
  ['416', 'n13', 'c13'],
  ['417', 'n13', 'c13'],
  ['420', 'x..20'],
  ['421', 'n3+x..9'],
  ['422', 'n3'],
  ['423', 'n3..15'],
  ['424', 'n3'],
  ['425', 'n3..15'],
  ['426', 'n3'],
  ['427', 'x..3'],
  ['4300', 'x..35'],
  ['4301', 'x..35'],
  ['4302', 'x..70'],
  ['4303', 'x..70'],
  ['4304', 'x..70'],
  ['4305', 'x..70'],
  ['4306', 'x..70'],
  ['4307', 'x2'],
  ['4308', 'x..30'],
  ['4309', 'n20'],
  ['4310', 'x..35'],
  ['4311', 'x..35'],
  ['4312', 'x..70'],
  ['4313', 'x..70'],
  ['4314', 'x..70'],
  ['4315', 'x..70'],
  ['4316', 'x..70'],
  ['4317', 'x2'],
  ['4318', 'x..20'],
  ['4319', 'x..30'],
  ['4320', 'x..35'],
  ['4321', 'n1'],
  ['4322', 'n1'],
  ['4323', 'n1'],
  ['4324', 'n10'],
  ['4325', 'n10'],
  ['4326', 'n6', 'd'],
  ['4330', 'x..7'],
  ['4331', 'x..7'],
  ['4332', 'x..7'],
  ['4333', 'x..7'],
  ['7001', 'n13'],
  ['7002', 'x..30'],
  ['7003', 'n10'],
  ['7004', 'n..4'],
  ['7005', 'x..12'],
  ['7006', 'n6', 'd'],
  ['7007', 'n6..12'],
  ['7008', 'x..3'],
  ['7009', 'x..10'],
  ['7010', 'x..2'],
  ['7011', 'n6..10'],
  ['7020', 'x..20'],
  ['7021', 'x..20'],
  ['7022', 'x..20'],
  ['7023', 'x..30'],
  ['7040', 'x4'],
  ['710', 'x..20'],
  ['711', 'x..20'],
  ['712', 'x..20'],
  ['713', 'x..20'],
  ['714', 'x..20'],
  ['715', 'x..20'],
  ['716', 'x..20'],
  ['7240', 'x..20'],
  ['7241', 'n2'],
  ['7242', 'x..25'],
  ['7250', 'n8'],
  ['7251', 'n12'],
  ['7252', 'n1'],
  ['7253', 'x..40'],
  ['7254', 'x..40'],
  ['7255', 'x..10'],
  ['7256', 'x..90'],
  ['7257', 'x..70'],
  ['7258', 'x3'],
  ['7259', 'x..40'],
  ['8001', 'n14'],
  ['8002', 'x..20'],
  ['8003', 'n14+x..16', 'c14'],
  ['8004', 'x..30'],
  ['8005', 'n6'],
  ['8006', 'n18', 'c14'],
  ['8007', 'x..34'],
  ['8008', 'n8..12'],
  ['8009', 'x..50'],
  ['8010', 'x..30'],
  ['8011', 'n..12'],
  ['8012', 'x..20'],
  ['8013', 'x..25'],
  ['8014', 'x..25'],
  ['8017', 'n18', 'c18'],
  ['8018', 'n18', 'c18'],
  ['8019', 'n..10'],
  ['8020', 'x..25'],
  ['8026', 'n18', 'c14'],
  ['8030', 'y..90'],
  ['8110', 'x..70'],
  ['8111', 'n4'],
  ['8112', 'x..70'],
  ['8200', 'x..70'],
  ['90', 'x..30'],
  ...['91', '92', '93', '94', '95', '96', '97', '98', '99'].map((ai) => [ai, 'x..90'] as const),
  // Measures 31nn–36nn (the last digit is the decimal point position) are all n6.
  ...Array.from({ length: 600 }, (_, i) => [String(3100 + i), 'n6'] as const),
  ...Array.from({ length: 10 }, (_, i) => [`390${i}`, 'n..15'] as const),
  ...Array.from({ length: 10 }, (_, i) => [`391${i}`, 'n3..18'] as const),
  ...Array.from({ length: 10 }, (_, i) => [`392${i}`, 'n..15'] as const),
  ...Array.from({ length: 10 }, (_, i) => [`393${i}`, 'n3..18'] as const),
  ...Array.from({ length: 10 }, (_, i) => [`394${i}`, 'n4'] as const),
  ...Array.from({ length: 10 }, (_, i) => [`395${i}`, 'n6'] as const),
  ...Array.from({ length: 10 }, (_, i) => [`703${i}`, 'n3+x..27'] as const),
  ...Array.from({ length: 10 }, (_, i) => [`723${i}`, 'x2..30'] as const),
];

function parseFormat(ai: string, format: string, flags = ''): AiSpec {
  const charsetOf = (c: string): Charset => (c === 'n' ? 'n' : c === 'x' ? 'x' : 'y');
  let numericPrefix = 0;
  let rest = format;
  let fixedPrefix = 0;
  const plus = format.indexOf('+');
  if (plus >= 0) {
    // e.g. n3+x..27: a fixed numeric part then a variable part
    fixedPrefix = Number(format.slice(1, plus));
    numericPrefix = format[0] === 'n' ? fixedPrefix : 0;
    rest = format.slice(plus + 1);
  }
  const charset = charsetOf(rest[0]);
  const range = rest.slice(1);
  let min: number;
  let max: number;
  if (range.startsWith('..')) {
    min = 1;
    max = Number(range.slice(2));
  } else if (range.includes('..')) {
    const [a, b] = range.split('..');
    min = Number(a);
    max = Number(b);
  } else {
    min = Number(range);
    max = min;
  }
  if (plus >= 0) {
    min += fixedPrefix;
    max += fixedPrefix;
  }
  const check = flags.startsWith('c') ? Number(flags.slice(1)) : 0;
  return {
    ai,
    min,
    max,
    numericPrefix: charset === 'n' ? max : numericPrefix,
    charset,
    checkDigitAt: check,
    isDate: flags === 'd',
  };
}

const AI_SPECS: ReadonlyMap<string, AiSpec> = new Map(
  AI_FORMATS.map(([ai, format, flags]) => [ai, parseFormat(ai, format, flags)]),
);

/** Length of an AI from its first two digits (GS1 General Specifications Figure 3.2-1). */
const AI_LENGTH_BY_PREFIX: Readonly<Record<string, number>> = (() => {
  const lengths: Record<string, number> = {};
  const set = (from: number, to: number, length: number) => {
    for (let p = from; p <= to; p++) lengths[String(p).padStart(2, '0')] = length;
  };
  set(0, 22, 2);
  set(23, 29, 3);
  set(30, 30, 2);
  set(31, 36, 4);
  set(37, 37, 2);
  set(39, 39, 4);
  set(40, 42, 3);
  set(43, 43, 4);
  set(70, 70, 4);
  set(71, 71, 3);
  set(72, 72, 4);
  set(80, 82, 4);
  set(90, 99, 2);
  return lengths;
})();

/** AIs whose value length is predefined (no FNC1 separator needed after them), by their first two digits. */
const PREDEFINED_LENGTH_PREFIXES = new Set([
  '00',
  '01',
  '02',
  '03',
  '04',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '19',
  '20',
]);
for (let p = 31; p <= 36; p++) PREDEFINED_LENGTH_PREFIXES.add(String(p));
PREDEFINED_LENGTH_PREFIXES.add('41');

/** GS1 symbology identifiers: GS1-128, GS1 DataMatrix, GS1 QR Code, GS1 DataBar, GS1 DotCode. */
const SYMBOLOGY_PREFIXES = [']C1', ']d2', ']Q3', ']e0', ']J1'];

const bad = (message: string): never => {
  throw new EpcError('BAD_ELEMENT_STRING', message);
};

export const isPredefinedLengthAi = (ai: string): boolean => PREDEFINED_LENGTH_PREFIXES.has(ai.slice(0, 2));

function lookupAi(input: string, at: number): AiSpec | undefined {
  const length = AI_LENGTH_BY_PREFIX[input.slice(at, at + 2)];
  if (length === undefined) return undefined;
  const ai = input.slice(at, at + length);
  return ai.length === length ? AI_SPECS.get(ai) : undefined;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validateValue(spec: AiSpec, value: string): void {
  const { ai } = spec;
  if (value.length < spec.min || value.length > spec.max) {
    bad(
      spec.min === spec.max
        ? `AI (${ai}) needs ${spec.min} characters, got ${value.length}`
        : `AI (${ai}) needs ${spec.min} to ${spec.max} characters, got ${value.length}`,
    );
  }
  const numericPrefix = Math.min(spec.numericPrefix, value.length);
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (i < numericPrefix) {
      if (code < 48 || code > 57) bad(`AI (${ai}) must be digits at position ${i + 1}: '${value}'`);
    } else if (spec.charset === 'y' ? code <= 32 || code === 127 : !isAi82Char(code)) {
      bad(`AI (${ai}) has a character outside the GS1 character set: '${value}'`);
    }
  }
  if (spec.checkDigitAt > 0) {
    const n = spec.checkDigitAt;
    if (checkDigitUnchecked(value, 0, n - 1) !== value.charCodeAt(n - 1) - 48) {
      throw new EpcError('BAD_CHECK_DIGIT', `AI (${ai}) ${value.slice(0, n)} has a wrong check digit`);
    }
  }
  if (spec.isDate) {
    const month = Number(value.slice(2, 4));
    const day = Number(value.slice(4, 6));
    // Day 00 means "end of month" (GS1 General Specifications §3.4.x).
    if (
      month < 1 ||
      month > 12 ||
      day > DAYS_IN_MONTH[month - 1] ||
      (month === 2 && day === 29 && Number(value.slice(0, 2)) % 4 !== 0)
    ) {
      bad(`AI (${ai}) is not a date YYMMDD: '${value}'`);
    }
  }
}

function stripPrefix(input: string): string {
  let s = input.trim();
  if (s.startsWith(']')) {
    const prefix = SYMBOLOGY_PREFIXES.find((p) => s.startsWith(p));
    if (!prefix) bad(`'${s.slice(0, 3)}' is not a GS1 symbology identifier`);
    s = s.slice(3);
  }
  // Some scanners transmit the leading FNC1 as a GS.
  while (s.charCodeAt(0) === GS_CODE) s = s.slice(1);
  return s;
}

/** '(' + 2–4 digits + ')' naming a known AI at `at`: the AI, else undefined. */
function bracketedAiAt(s: string, at: number): string | undefined {
  if (s[at] !== '(') return undefined;
  const close = s.indexOf(')', at + 1);
  if (close < 0 || close - at - 1 < 2 || close - at - 1 > 4) return undefined;
  const ai = s.slice(at + 1, close);
  return allDigits(ai) && AI_SPECS.has(ai) && AI_LENGTH_BY_PREFIX[ai.slice(0, 2)] === ai.length ? ai : undefined;
}

function parseBracketed(s: string): { ai: string; value: string }[] {
  const elements: { ai: string; value: string }[] = [];
  let at = 0;
  while (at < s.length) {
    const ai = bracketedAiAt(s, at);
    if (ai === undefined) return bad(`Expected a known AI in brackets at position ${at + 1}`);
    const start = at + ai.length + 2;
    let end = start;
    // A '(' inside a value is legal (AI 82 set); only "(known AI)" ends the value.
    while (end < s.length && bracketedAiAt(s, end) === undefined) end++;
    elements.push({ ai, value: s.slice(start, end) });
    at = end;
  }
  return elements;
}

function parseRaw(s: string): { ai: string; value: string }[] {
  const elements: { ai: string; value: string }[] = [];
  let at = 0;
  while (at < s.length) {
    const spec = lookupAi(s, at);
    if (!spec) return bad(`Unknown AI at position ${at + 1}: '${s.slice(at, at + 4)}'`);
    const start = at + spec.ai.length;
    let end: number;
    if (spec.min === spec.max) {
      end = start + spec.min;
      if (end > s.length) bad(`AI (${spec.ai}) needs ${spec.min} characters`);
    } else {
      end = s.indexOf(GS, start);
      if (end < 0) end = s.length;
    }
    const value = s.slice(start, end);
    if (value.includes(GS)) bad(`AI (${spec.ai}) is cut short by a group separator`);
    elements.push({ ai: spec.ai, value });
    at = end;
    if (s.charCodeAt(at) === GS_CODE) at++;
  }
  return elements;
}

/**
 * Parses a GS1 element string as scanned from GS1-128 / DataMatrix / QR: the human-readable bracketed form
 * '(01)09521234543213(21)ABC' or the raw form '0109521234543213' + '21ABC' + GS + '10LOT', with an optional symbology
 * identifier (']C1', ']d2', ']Q3', ']e0', ']J1'). Check digits (GTIN, SSCC, GLN…) and dates are verified.
 * Throws EpcError BAD_ELEMENT_STRING (malformed) or BAD_CHECK_DIGIT.
 */
export function parseGs1ElementString(input: string): Gs1ElementString {
  if (typeof input !== 'string') return bad('A GS1 element string must be a string');
  const s = stripPrefix(input);
  if (s.length === 0) return bad('The GS1 element string is empty');
  return interpretElements(s[0] === '(' ? parseBracketed(s) : parseRaw(s));
}

/**
 * Checks elements (each AI known, its value of the AI's format, check digits and dates right, no AI twice with two
 * values) and names the common ones: the result of parseGs1ElementString, and of parseDigitalLink (digital-link.ts).
 */
export function interpretElements(elements: { ai: string; value: string }[]): Gs1ElementString {
  const result: Gs1ElementString = { elements };
  const seen = new Map<string, string>();
  for (const { ai, value } of elements) {
    const spec = AI_SPECS.get(ai);
    if (!spec) return bad(`Unknown AI (${ai})`);
    validateValue(spec, value);
    const previous = seen.get(ai);
    if (previous !== undefined && previous !== value) bad(`AI (${ai}) appears twice with different values`);
    seen.set(ai, value);
    switch (ai) {
      case '00':
        result.sscc = value;
        break;
      case '01':
        result.gtin = value;
        break;
      case '10':
        result.lot = value;
        break;
      case '11':
        result.productionDate = value;
        break;
      case '15':
        result.bestBefore = value;
        break;
      case '17':
        result.expiry = value;
        break;
      case '21':
        result.serial = value;
        break;
      case '30':
      case '37':
        result.quantity = value;
        break;
    }
  }
  return result;
}

/**
 * Builds an element string from elements (each validated like parseGs1ElementString does). `bracketed` (default) gives
 * the human-readable '(01)…(21)…'; `raw` gives the barcode data: a GS after every element whose AI does not have a
 * predefined length, except the last (GS1 General Specifications §7.8.5).
 */
export function formatGs1ElementString(
  elements: readonly { ai: string; value: string }[],
  options: { form?: 'bracketed' | 'raw' } = {},
): string {
  if (elements.length === 0) return bad('No elements to format');
  const isRaw = options.form === 'raw';
  let out = '';
  elements.forEach(({ ai, value }, i) => {
    const spec = AI_SPECS.get(ai);
    if (!spec) bad(`Unknown AI (${ai})`);
    else validateValue(spec, value);
    if (!isRaw) {
      out += `(${ai})${value}`;
      return;
    }
    out += ai + value;
    if (i < elements.length - 1 && !isPredefinedLengthAi(ai)) out += GS;
  });
  return out;
}
