import { hasValidCheckDigit, tryDecodeEpc } from '@rfid/epc';
import { canonicalGs1Uri } from './capture/canonical-uri.js';
import { uncompressedDigitalLink } from './capture/compressed-link.js';
import { canonicalTimestamp, eventHashIdOf, preHashStrings } from './capture/event-hash.js';

/**
 * GS1 identities of the product's things as EPCIS 2.0 wants them, and the standard's event hash ID (CBV 2.0 section
 * 8.9, reference implementation github.com/RalphTro/epcis-event-hash-generator).
 *
 * Places: no GS1 company prefix length is known for a GLN (no prefix table in packages/epc nor in the dependencies), so
 * read points and business locations use the GS1 Digital Link form `https://id.gs1.org/414/<gln>[/254/<ext>]`, which
 * EPCIS 2.0 accepts for any identifier. A location without a GLN (or an area without an extension) is named by a
 * private URN of the product: `urn:x-rfid-stock:location:<id>` / `urn:x-rfid-stock:area:<id>`.
 */
export const DL_HOST = 'https://id.gs1.org';
/** The standard's JSON-LD context (EPCIS 2.0.0). */
export const JSON_LD_CONTEXT = 'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld';
const PRIVATE = 'urn:x-rfid-stock';

export const locationUri = (locationId: number, gln: string | null): string =>
  gln ? `${DL_HOST}/414/${gln}` : `${PRIVATE}:location:${locationId}`;

export const areaUri = (areaId: number, gln: string | null, extension: string | null): string =>
  gln && extension ? `${DL_HOST}/414/${gln}/254/${encodeURIComponent(extension)}` : `${PRIVATE}:area:${areaId}`;

/** An item's EPC (hex as read) as its pure identity URI (`urn:epc:id:sgtin:…`), or the raw URI when it decodes to none. */
export const epcUri = (hex: string): string =>
  tryDecodeEpc(hex)?.pureIdentityUri ?? `urn:epc:raw:${hex.length * 4}.x${hex.toUpperCase()}`;

/** A box barcode that is an SSCC (18 digits, or GS1-128 with AI 00): its Digital Link URI; null otherwise. */
export const ssccUri = (codebar: string): string | null => {
  const digits = codebar.replace(/^\((00)\)/, '00').replace(/\s/g, '');
  const sscc = /^\d{20}$/.test(digits) && digits.startsWith('00') ? digits.slice(2) : digits;
  return /^\d{18}$/.test(sscc) && hasValidCheckDigit(sscc) ? `${DL_HOST}/00/${sscc}` : null;
};

/** An order code as a business transaction URI: CBV's `urn:epcglobal:cbv:bt:<gln>:<id>`, or the product's own URN. */
export const bizTransactionUri = (code: string, companyId: number, gln: string | null): string =>
  gln ? `urn:epcglobal:cbv:bt:${gln}:${encodeURIComponent(code)}` : `${PRIVATE}:bt:${companyId}:${encodeURIComponent(code)}`;

/** The order code a business transaction URI names: its last `:` segment (URN) or last path segment (URL). */
export const orderCodeOf = (bizTransaction: string): string => {
  const tail = /^https?:/.test(bizTransaction)
    ? (new URL(bizTransaction).pathname.split('/').pop() ?? '')
    : (bizTransaction.split(':').pop() ?? '');
  try {
    return decodeURIComponent(tail);
  } catch {
    return tail;
  }
};

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
/** The UTC offset (`+01:00`) of an IANA time zone at an instant (DST included); `+00:00` for an unknown zone. */
export const timeZoneOffset = (timeZone: string, at: Date): string => {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    } catch {
      return '+00:00';
    }
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-]\d{2}):?(\d{2})?/.exec(name);
  return match ? `${match[1]}:${match[2] ?? '00'}` : '+00:00';
};

// ---- Canonical forms (the event hash's pre-hash string: capture/event-hash.ts) ----

/**
 * An EPC/EPC class/EPC pattern URN, or any GS1 Digital Link URI, as a constrained canonical GS1 Digital Link URI
 * (capture/canonical-uri.ts: every AI 82 character of a serial kept); a compressed Digital Link is read uncompressed
 * (the event hash, as the reference implementation, leaves it as it is); other values unchanged.
 */
export const canonicalDigitalLink = (value: string): string => {
  const uri = uncompressedDigitalLink(value) ?? value;
  return canonicalGs1Uri(uri) ?? uri;
};

/** A timestamp in UTC at millisecond precision (the 4th decimal rounds), `Z` for the zero offset. */
export const canonicalTime = canonicalTimestamp;

type Json = Record<string, unknown>;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The event's pre-hash string (CBV 2.0 section 8.9, as the reference implementation makes it). */
export const preHashString = (event: Json, context?: unknown): string => preHashStrings([event], { context })[0] ?? '';

/** The event hash ID `ni:///sha-256;<hex>?ver=CBV2.0` of an event. */
export const eventHashId = (event: Json, context?: unknown): string => eventHashIdOf(event, context);

/** Every EPC an event names (its lists and parentID), each as given and as a canonical Digital Link (for MATCH_epc). */
export const matchableEpcs = (event: Json): string[] => {
  const named = [
    ...['epcList', 'childEPCs', 'inputEPCList', 'outputEPCList'].flatMap((k) =>
      list(event[k]).flatMap((e) => (typeof e === 'string' ? [e] : [])),
    ),
    ...(typeof event.parentID === 'string' ? [event.parentID] : []),
  ];
  return [...new Set([...named, ...named.map(canonicalDigitalLink)])];
};
