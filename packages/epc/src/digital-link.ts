import { toGtin14 } from './check-digit.js';
import { formatGs1ElementString, type Gs1ElementString, interpretElements } from './element-string.js';
import { EpcError } from './errors.js';

/**
 * GS1 Digital Link URIs (GS1 Digital Link Standard: URI Syntax 1.x), uncompressed:
 * `https://<any resolver host>[/<any path prefix>]/<primary key AI>/<value>[/<qualifier AI>/<value>…][?…]`, e.g.
 * `https://id.gs1.org/01/09506000134352/21/12345`. The key and its qualifiers become GS1 element strings and are
 * checked as a scan's are (check digits, formats); the query string (data attributes) is ignored.
 * The compressed form (a base64url path) is refused with a message saying so.
 */

/** Primary keys, each with its key qualifiers in the order the path must give them (the standard's path table). */
const PRIMARY_KEYS: ReadonlyMap<string, readonly string[]> = new Map([
  ['01', ['22', '10', '21']],
  ['00', []],
  ['253', []],
  ['255', []],
  ['401', []],
  ['402', []],
  ['414', ['254', '7040']],
  ['417', ['7040']],
  ['8003', []],
  ['8004', ['7040']],
  ['8006', ['22', '10', '21']],
  ['8010', ['8011']],
  ['8013', []],
  ['8017', ['8019']],
  ['8018', ['8019']],
]);

/** The short names of the standard's first version (still met on printed codes). */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['gtin', '01'],
  ['cpv', '22'],
  ['lot', '10'],
  ['ser', '21'],
  ['sscc', '00'],
  ['gln', '414'],
  ['glnx', '254'],
  ['grai', '8003'],
  ['giai', '8004'],
]);

const bad = (message: string): never => {
  throw new EpcError('BAD_URI', message);
};

const aiOf = (segment: string): string => ALIASES.get(segment.toLowerCase()) ?? segment;

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return bad(`'${segment}' is not a valid URI path segment`);
  }
};

/** True when `text` is an http(s) URI: then it is read as a Digital Link, not as an element string or an EPC. */
export const isDigitalLinkUri = (text: string): boolean => /^https?:\/\/[^/\s?#]+/i.test(text.trim());

/** The key and qualifier elements of the path from `start` (a primary key), or null when they do not follow the table. */
const elementsFrom = (segments: readonly string[], start: number): { ai: string; value: string }[] | null => {
  const key = aiOf(segments[start] ?? '');
  const qualifiers = PRIMARY_KEYS.get(key);
  if (!qualifiers || (segments.length - start) % 2 !== 0) return null;
  const elements: { ai: string; value: string }[] = [];
  let lastQualifier = -1;
  for (let i = start; i < segments.length; i += 2) {
    const ai = aiOf(segments[i] ?? '');
    if (i > start) {
      const position = qualifiers.indexOf(ai);
      if (position <= lastQualifier) return null;
      lastQualifier = position;
    }
    let value = decode(segments[i + 1] ?? '');
    // A GTIN-8, -12 or -13 is given its leading zeros (the element string's AI 01 has 14 digits).
    if (ai === '01' && /^(\d{8}|\d{12}|\d{13})$/.test(value)) value = value.padStart(14, '0');
    elements.push({ ai, value });
  }
  return elements;
};

/**
 * Parses an uncompressed GS1 Digital Link URI into its elements (`gtin`, `serial`, `lot`, `sscc`… as
 * parseGs1ElementString names them). The first path segment that is a primary key and is followed only by its
 * qualifiers, in order, starts the identifier; what comes before is the resolver's own path.
 * Throws EpcError BAD_URI (not a Digital Link), BAD_ELEMENT_STRING or BAD_CHECK_DIGIT (a wrong value).
 */
export function parseDigitalLink(uri: string): Gs1ElementString {
  if (typeof uri !== 'string' || !isDigitalLinkUri(uri)) return bad(`'${String(uri)}' is not an http(s) URI`);
  let url: URL;
  try {
    url = new URL(uri.trim());
  } catch {
    return bad(`'${uri}' is not a valid URI`);
  }
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  for (let start = 0; start < segments.length; start++) {
    const elements = elementsFrom(segments, start);
    if (elements) return interpretElements(elements);
  }
  const last = segments.at(-1) ?? '';
  if (segments.length > 0 && /^[A-Za-z0-9_-]{10,}$/.test(last) && !/^\d+$/.test(last)) {
    return bad(`'${uri}' looks like a compressed GS1 Digital Link URI, which is not supported: use the uncompressed one`);
  }
  return bad(`'${uri}' is not a GS1 Digital Link URI (no primary key such as /01/<GTIN> in its path)`);
}

/** GS1's own resolver: the canonical host of a Digital Link URI (GS1 Digital Link: URI Syntax, "canonical URI"). */
export const GS1_RESOLVER = 'https://id.gs1.org';

/**
 * A value as a Digital Link path segment: every character but the URI's unreserved ones (letters, digits, `-`, `.`,
 * `_`, `~`) is percent-encoded, upper-case hex, so the GS1 AI 82 characters ! " % & ' ( ) * + , / : ; < = > ? become
 * %21 %22 %25 %26 %27 %28 %29 %2A %2B %2C %2F %3A %3B %3C %3E %3F (GS1 Digital Link: URI Syntax, the percent-encoding
 * of AI values in the path). encodeURIComponent alone would leave ! ' ( ) * as they are.
 */
export const escapeDigitalLinkSegment = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The GS1 Digital Link URI of a serialised item (AI 01 GTIN with qualifier AI 21 serial), uncompressed:
 * `https://id.gs1.org/01/<GTIN-14>/21/<serial, percent-encoded>`. A GTIN-8, -12 or -13 is padded to 14 digits; the
 * GTIN's check digit and the serial (1 to 20 characters of the GS1 AI 82 set) are checked as an element string's are.
 * `resolver` replaces the host (and a path prefix), e.g. a brand's own resolver; it must be an http(s) URI.
 * Throws EpcError BAD_VALUE (not a GTIN), BAD_CHECK_DIGIT, BAD_ELEMENT_STRING (the serial) or BAD_URI (the resolver).
 * parseDigitalLink reads it back.
 */
export function formatDigitalLink(gtin: string, serial: string, { resolver = GS1_RESOLVER }: { resolver?: string } = {}): string {
  const gtin14 = toGtin14(gtin);
  // Validates both values (check digit, the serial's length and character set) as the element string (01)…(21)….
  formatGs1ElementString([
    { ai: '01', value: gtin14 },
    { ai: '21', value: serial },
  ]);
  const base = resolver.replace(/\/+$/, '');
  if (!isDigitalLinkUri(base) || /[?#\s]/.test(base)) return bad(`'${resolver}' is not an http(s) resolver URI`);
  return `${base}/01/${gtin14}/21/${escapeDigitalLinkSegment(serial)}`;
}
