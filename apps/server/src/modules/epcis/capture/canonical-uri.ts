import { gtinCheckDigit } from '@rfid/epc';

/**
 * The constrained canonical GS1 Digital Link URI of an identifier (CBV 2.0, EPCIS Event Hash ID, steps 17 and 18):
 * an EPC URI (`urn:epc:id:…`), EPC class URI (`urn:epc:class:lgtin:…`) or EPC pattern URI (`urn:epc:idpat:…`) as
 * `https://id.gs1.org/<AI>/<key>[/<qualifier AI>/<value>]`, and a GS1 Digital Link URI on any host with GS1's host,
 * without query string, key qualifier 22 (CPV) or a lot beside a serial. Null when the value is none of these.
 *
 * A serial, lot or extension keeps every GS1 AI 82 character (Tag Data Standard, table A-1): the URN's own
 * percent-escapes (`%2F`, `%25`…) stay as they are, `.` stays a `.` (the body is split at its first dots only: the
 * serial `A.2` of `urn:epc:id:sgtin:4012345.011111.A.2` is `A.2`), and the characters a URN may carry plainly but a
 * Digital Link path may not (`! ( ) * + , :`) are percent-encoded.
 */

/** One character of an AI 82 value in a URN: a plain URI character, or a percent-escape of an AI 82 character. */
const URN_CHAR = "(?:%2[125-9A-Fa-f]|%3[0-9A-Fa-f]|%4[1-9A-Fa-f]|%5[0-9AaFf]|%6[1-9A-Fa-f]|%7[0-9Aa]|[!')(*+,.0-9:;=A-Za-z_-])";
/** One character of a CPI's component/part reference (AI 8010's set of 39 characters). */
const CPI_CHAR = '(?:%2[3dfDF]|%3[0-9]|%4[1-9A-Fa-f]|%5[0-9Aa]|[0-9A-Z-])';
const value = (min: number, max: number, char = URN_CHAR) => new RegExp(`^${char}{${min},${max}}$`);

const DL_HOST = 'https://id.gs1.org';
const withCheck = (digits: string) => digits + String(gtinCheckDigit(digits));
/** `! ( ) * + , :` are plain in a URN, percent-encoded in a Digital Link path. */
const pathEncode = (text: string) => text.replace(/[!()*+,:]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A company prefix (6 to 12 digits) then a reference of `total - prefix length` digits (`empty`: may be empty). */
const prefixed = (cp: string, ref: string, total: number) =>
  /^\d{6,12}$/.test(cp) && ref.length === total - cp.length && /^\d*$/.test(ref);
/** A GTIN-13 body (indicator digit first) from an SGTIN's company prefix and item reference. */
const gtinOf = (cp: string, ref: string) => withCheck(ref.slice(0, 1) + cp + ref.slice(1));

/** Splits `a.b.rest` at its first `count - 1` dots: the last part keeps its own dots. */
const split = (body: string, count: number): string[] | null => {
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i < count - 1; i++) {
    const dot = body.indexOf('.', from);
    if (dot < 0) return null;
    parts.push(body.slice(from, dot));
    from = dot + 1;
  }
  parts.push(body.slice(from));
  return parts;
};

type Rule = (body: string) => string | null;

/** A key of a company prefix and a reference of `total` digits in all, with its check digit: `AI/key`. */
const checkedKey =
  (ai: string, total: number): Rule =>
  (body) => {
    const [cp = '', ref = ''] = split(body, 2) ?? [];
    return prefixed(cp, ref, total) ? `${DL_HOST}/${ai}/${withCheck(cp + ref)}` : null;
  };

/** A key of a company prefix and a reference of AI 82 characters, 30 in all: `AI/key`. */
const freeKey =
  (ai: string): Rule =>
  (body) => {
    const [cp = '', ref = ''] = split(body, 2) ?? [];
    return /^\d{6,12}$/.test(cp) && value(1, 30 - cp.length).test(ref) ? `${DL_HOST}/${ai}/${cp}${pathEncode(ref)}` : null;
  };

const ID_RULES: Record<string, Rule> = {
  sgtin: (body) => {
    const [cp = '', ref = '', serial = ''] = split(body, 3) ?? [];
    return prefixed(cp, ref, 13) && value(1, 20).test(serial)
      ? `${DL_HOST}/01/${gtinOf(cp, ref)}/21/${pathEncode(serial)}`
      : null;
  },
  sscc: (body) => {
    const [cp = '', ref = ''] = split(body, 2) ?? [];
    return prefixed(cp, ref, 17) ? `${DL_HOST}/00/${withCheck(ref.slice(0, 1) + cp + ref.slice(1))}` : null;
  },
  sgln: (body) => {
    const [cp = '', ref = '', ext = ''] = split(body, 3) ?? [];
    if (!prefixed(cp, ref, 12) || !value(1, 20).test(ext)) return null;
    const gln = `${DL_HOST}/414/${withCheck(cp + ref)}`;
    return ext === '0' ? gln : `${gln}/254/${pathEncode(ext)}`;
  },
  grai: (body) => {
    const [cp = '', type = '', serial = ''] = split(body, 3) ?? [];
    return prefixed(cp, type, 12) && value(1, 16).test(serial)
      ? `${DL_HOST}/8003/${withCheck(`0${cp}${type}`)}${pathEncode(serial)}`
      : null;
  },
  giai: freeKey('8004'),
  gsrn: checkedKey('8018', 17),
  gsrnp: checkedKey('8017', 17),
  gdti: (body) => {
    const [cp = '', type = '', serial = ''] = split(body, 3) ?? [];
    return prefixed(cp, type, 12) && value(0, 17).test(serial)
      ? `${DL_HOST}/253/${withCheck(cp + type)}${pathEncode(serial)}`
      : null;
  },
  cpi: (body) => {
    const last = body.lastIndexOf('.');
    const [cp = '', ref = ''] = split(body.slice(0, Math.max(last, 0)), 2) ?? [];
    const serial = body.slice(last + 1);
    return /^\d{6,12}$/.test(cp) && value(1, 30 - cp.length, CPI_CHAR).test(ref) && /^\d{1,12}$/.test(serial)
      ? `${DL_HOST}/8010/${pathEncode(cp + ref)}/8011/${serial}`
      : null;
  },
  sgcn: (body) => {
    const [cp = '', ref = '', serial = ''] = split(body, 3) ?? [];
    return prefixed(cp, ref, 12) && /^\d{1,12}$/.test(serial) ? `${DL_HOST}/255/${withCheck(cp + ref)}${serial}` : null;
  },
  ginc: freeKey('401'),
  gsin: checkedKey('402', 16),
  itip: (body) => {
    const [cp = '', ref = '', piece = '', total = '', serial = ''] = split(body, 5) ?? [];
    return prefixed(cp, ref, 13) && /^\d{2}$/.test(piece) && /^\d{2}$/.test(total) && value(1, 20).test(serial)
      ? `${DL_HOST}/8006/${gtinOf(cp, ref)}${piece}${total}/21/${pathEncode(serial)}`
      : null;
  },
  upui: (body) => {
    const [cp = '', ref = '', serial = ''] = split(body, 3) ?? [];
    return prefixed(cp, ref, 13) && value(1, 28).test(serial)
      ? `${DL_HOST}/01/${gtinOf(cp, ref)}/235/${pathEncode(serial)}`
      : null;
  },
  pgln: checkedKey('417', 12),
};

const CLASS_RULES: Record<string, Rule> = {
  lgtin: (body) => {
    const [cp = '', ref = '', lot = ''] = split(body, 3) ?? [];
    return prefixed(cp, ref, 13) && value(1, 20).test(lot) ? `${DL_HOST}/01/${gtinOf(cp, ref)}/10/${pathEncode(lot)}` : null;
  },
};

/** EPC pattern URIs whose class part is whole (`<prefix>.<reference>.*`): the class's Digital Link. */
const PATTERN_RULES: Record<string, Rule> = {
  sgtin: (body) => {
    const [cp = '', ref = '', star] = split(body, 3) ?? [];
    return star === '*' && prefixed(cp, ref, 13) ? `${DL_HOST}/01/${gtinOf(cp, ref)}` : null;
  },
  upui: (body) => PATTERN_RULES.sgtin?.(body) ?? null,
  grai: (body) => {
    const [cp = '', type = '', star] = split(body, 3) ?? [];
    return star === '*' && prefixed(cp, type, 12) ? `${DL_HOST}/8003/${withCheck(`0${cp}${type}`)}` : null;
  },
  gdti: (body) => {
    const [cp = '', type = '', star] = split(body, 3) ?? [];
    return star === '*' && prefixed(cp, type, 12) ? `${DL_HOST}/253/${withCheck(cp + type)}` : null;
  },
  sgcn: (body) => {
    const [cp = '', ref = '', star] = split(body, 3) ?? [];
    return star === '*' && prefixed(cp, ref, 12) ? `${DL_HOST}/255/${withCheck(cp + ref)}` : null;
  },
  cpi: (body) => {
    const [cp = '', ref = '', star] = split(body, 3) ?? [];
    return star === '*' && /^\d{6,12}$/.test(cp) && value(1, 30 - cp.length, CPI_CHAR).test(ref)
      ? `${DL_HOST}/8010/${pathEncode(cp + ref)}`
      : null;
  },
  itip: (body) => {
    const [cp = '', ref = '', piece = '', total = '', star] = split(body, 5) ?? [];
    return star === '*' && prefixed(cp, ref, 13) && /^\d{2}$/.test(piece) && /^\d{2}$/.test(total)
      ? `${DL_HOST}/8006/${gtinOf(cp, ref)}${piece}${total}`
      : null;
  },
};

// ---- GS1 Digital Link URIs ----

const KEYS =
  '01|gtin|8006|itip|8010|cpid|414|gln|417|party|8017|gsrnp|8018|gsrn|255|gcn|00|sscc|253|gdti|401|ginc|402|gsin|8003|grai|8004|giai';
const DIGITAL_LINK = new RegExp(`^https?://[^/?#]*(?:/[^?#]*)?/(?:${KEYS})/\\d{4}[^/]+`);
const SHORT_NAMES: [string, string][] = [
  ['gtin', '01'],
  ['itip', '8006'],
  ['cpid', '8010'],
  ['gln', '414'],
  ['party', '417'],
  ['gsrnp', '8017'],
  ['gsrn', '8018'],
  ['gcn', '255'],
  ['sscc', '00'],
  ['gdti', '253'],
  ['ginc', '401'],
  ['gsin', '402'],
  ['grai', '8003'],
  ['giai', '8004'],
  ['cpv', '22'],
  ['lot', '10'],
  ['ser', '21'],
];
/** The primary keys in the order a foreign host's path is searched for one. */
const PRIMARY = ['00', '01', '253', '255', '401', '402', '414', '417', '8003', '8004', '8006', '8010', '8017', '8018'];
/** A value in a canonical path: the AI 82 characters a path carries unencoded. */
const V = `["'\\-.0-9;-?A-Z_a-z]`;
const CANONICAL = [
  /^\/00\/\d{18}$/,
  new RegExp(`^/01/\\d{14}/21/${V}{0,20}$`),
  new RegExp(`^/01/\\d{14}/10/${V}{0,20}$`),
  /^\/01\/\d{14}$/,
  new RegExp(`^/01/\\d{14}/235/${V}{0,28}$`),
  new RegExp(`^/253/\\d{13}${V}{0,17}$`),
  /^\/255\/\d{13}\d{0,12}$/,
  new RegExp(`^/401/${V}{0,30}$`),
  /^\/402\/\d{17}$/,
  /^\/414\/\d{13}$/,
  new RegExp(`^/414/\\d{13}/254/${V}{0,20}$`),
  /^\/417\/\d{13}$/,
  new RegExp(`^/8003/\\d{14}${V}{0,16}$`),
  new RegExp(`^/8004/${V}{0,30}$`),
  new RegExp(`^/8006/\\d{18}/21/${V}{0,20}$`),
  new RegExp(`^/8006/\\d{18}/10/${V}{0,20}$`),
  /^\/8006\/\d{18}$/,
  /^\/8010\/[#\-/0-9A-Z]{0,30}\/8011\/\d{0,12}$/,
  /^\/8010\/[#\-/0-9A-Z]{0,30}$/,
  /^\/8017\/\d{18}$/,
  /^\/8018\/\d{18}$/,
];

const canonicalLink = (uri: string): string | null => {
  if (!DIGITAL_LINK.test(uri)) return null;
  let path = uri.replace(/[?#].*$/, '').replace(/^https?:\/\/[^/]*/, '');
  for (const [name, ai] of SHORT_NAMES) path = path.replaceAll(`/${name}/`, `/${ai}/`);
  // The path from its primary key (a resolver's own path before it is left out).
  if (!new RegExp(`^/(?:${PRIMARY.join('|')})/\\d{4}`).test(path)) {
    const key = PRIMARY.find((k) => path.includes(`/${k}/`));
    if (key) path = path.slice(path.indexOf(`/${key}/`));
  }
  // A GTIN-8, -12 or -13 as a GTIN-14.
  const gtin = /^\/01\/(\d+)/.exec(path)?.[1] ?? '';
  if (gtin.length === 13 || gtin.length === 12 || gtin.length === 8)
    path = `/01/${gtin.padStart(14, '0')}${path.slice(4 + gtin.length)}`;
  // Without the consumer product variant (22), and only the finest level (a serial rather than its lot).
  path = path.replace(/^(\/(?:01\/\d{14}|8006\/\d{18}))\/22\/[^/]*/, '$1');
  path = path.replace(/^(\/(?:01\/\d{14}|8006\/\d{18}))\/10\/[^/]*(\/21\/[^/]*)$/, '$1$2');
  path = path.replace(/\/$/, '');
  return CANONICAL.some((r) => r.test(path)) ? DL_HOST + path : null;
};

/** The constrained canonical GS1 Digital Link URI of an EPC/EPC class/EPC pattern URI or Digital Link; else null. */
export const canonicalGs1Uri = (uri: string): string | null => {
  const urn = /^urn:epc:(id|class|idpat):([a-z]+):(.+)$/.exec(uri);
  if (urn) {
    const [, kind, scheme = '', body = ''] = urn;
    const rules = kind === 'id' ? ID_RULES : kind === 'class' ? CLASS_RULES : PATTERN_RULES;
    return Object.hasOwn(rules, scheme) ? (rules[scheme]?.(body) ?? null) : null;
  }
  return /^https?:\/\//.test(uri) ? canonicalLink(uri) : null;
};
