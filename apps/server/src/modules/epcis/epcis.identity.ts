import { createHash } from 'node:crypto';
import { gtinCheckDigit, hasValidCheckDigit, tryDecodeEpc } from '@rfid/epc';

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

// ---- Canonical forms (the event hash's pre-hash string) ----

const withCheck = (digits: string) => digits + String(gtinCheckDigit(digits));

/** An EPC/EPC class URN, or any GS1 Digital Link URI, as a canonical GS1 Digital Link URI; other values unchanged. */
export const canonicalDigitalLink = (value: string): string => {
  const urn = /^urn:epc:(id|idpat|class):([a-z]+):(.+)$/.exec(value);
  if (urn) {
    const [, , scheme, body = ''] = urn;
    const parts = body.split('.');
    const [cp = '', ref = '', third] = parts;
    switch (scheme) {
      case 'sgtin':
        if (third === '*' || third === undefined) return `${DL_HOST}/01/${withCheck(ref.slice(0, 1) + cp + ref.slice(1))}`;
        return `${DL_HOST}/01/${withCheck(ref.slice(0, 1) + cp + ref.slice(1))}/21/${third}`;
      case 'lgtin':
        return `${DL_HOST}/01/${withCheck(ref.slice(0, 1) + cp + ref.slice(1))}/10/${third ?? ''}`;
      case 'sscc':
        return `${DL_HOST}/00/${withCheck(ref.slice(0, 1) + cp + ref.slice(1))}`;
      case 'sgln': {
        const gln = withCheck(cp + ref);
        return third && third !== '0' ? `${DL_HOST}/414/${gln}/254/${third}` : `${DL_HOST}/414/${gln}`;
      }
      case 'pgln':
        return `${DL_HOST}/417/${withCheck(cp + ref)}`;
      case 'grai':
        return `${DL_HOST}/8003/${withCheck(`0${cp}${ref}`)}${third ?? ''}`;
      case 'giai':
        return `${DL_HOST}/8004/${cp}${ref}`;
      default:
        return value;
    }
  }
  const link = /^https?:\/\/[^/]+(?:\/[^?#]*?)?\/(00|01|253|255|401|402|414|417|8003|8004|8006|8010|8017|8018)\/([^?#]*)/.exec(
    value,
  );
  return link ? `${DL_HOST}/${link[1]}/${link[2]}` : value;
};

const CBV_PREFIX: Record<string, string> = { bizStep: 'BizStep-', disposition: 'Disp-', bizTransaction: 'BTT-' };
const CBV_URN: [string, string][] = [
  ['urn:epcglobal:cbv:bizstep:', 'https://ref.gs1.org/cbv/BizStep-'],
  ['urn:epcglobal:cbv:disp:', 'https://ref.gs1.org/cbv/Disp-'],
  ['urn:epcglobal:cbv:btt:', 'https://ref.gs1.org/cbv/BTT-'],
];
/** A CBV value (bare word, URN or URI) as its GS1 Web URI. */
const cbvWebUri = (kind: 'bizStep' | 'disposition' | 'bizTransaction', value: string): string => {
  for (const [urn, web] of CBV_URN) if (value.startsWith(urn)) return web + value.slice(urn.length);
  return value.includes(':') ? value : `https://ref.gs1.org/cbv/${CBV_PREFIX[kind]}${value}`;
};

/** A timestamp in UTC at millisecond precision (the 4th decimal rounds), `Z` for the zero offset. */
export const canonicalTime = (value: string): string => {
  const m = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(.*)$/.exec(value);
  if (!m) return value;
  const fraction = Number(`0.${m[2] ?? '0'}`);
  const base = new Date(`${m[1]}${m[3] || 'Z'}`);
  if (Number.isNaN(base.getTime())) return value;
  return new Date(base.getTime() + Math.round(fraction * 1000)).toISOString();
};

type Json = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : null);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const sortedJoin = (values: string[]) => [...values].sort().join('');
const idOf = (v: unknown): string | null => (v && typeof v === 'object' ? str((v as Json).id) : null);

/**
 * The event's pre-hash string: the standard's canonical property order for the fields the product writes and the
 * worked examples use (times, EPC lists, parentID, action, bizStep, disposition, readPoint, bizLocation, business
 * transactions). Quantity lists, sensor data, ILMD and user extensions are left out (the ID of a captured event that
 * carries them and has no eventID is still stable, but may differ from other implementations').
 */
export const preHashString = (event: Json): string => {
  let out = `eventType=${str(event.type) ?? ''}`;
  const time = str(event.eventTime);
  if (time) out += `eventTime=${canonicalTime(time)}`;
  const offset = str(event.eventTimeZoneOffset);
  if (offset) out += `eventTimeZoneOffset=${offset}`;
  const parent = str(event.parentID);
  if (parent) out += `parentID=${canonicalDigitalLink(parent)}`;
  for (const key of ['epcList', 'inputEPCList', 'childEPCs', 'outputEPCList']) {
    const epcs = list(event[key]).flatMap((e) => (str(e) ? [`epc=${canonicalDigitalLink(str(e) as string)}`] : []));
    if (epcs.length) out += key + sortedJoin(epcs);
  }
  const action = str(event.action);
  if (action) out += `action=${action}`;
  const bizStep = str(event.bizStep);
  if (bizStep) out += `bizStep=${cbvWebUri('bizStep', bizStep)}`;
  const disposition = str(event.disposition);
  if (disposition) out += `disposition=${cbvWebUri('disposition', disposition)}`;
  const readPoint = idOf(event.readPoint);
  if (readPoint) out += `readPointid=${canonicalDigitalLink(readPoint)}`;
  const bizLocation = idOf(event.bizLocation);
  if (bizLocation) out += `bizLocationid=${canonicalDigitalLink(bizLocation)}`;
  const transactions = list(event.bizTransactionList).flatMap((t) => {
    const row = (t ?? {}) as Json;
    const id = str(row.bizTransaction);
    if (!id) return [];
    const type = str(row.type);
    return [`${type ? `type=${cbvWebUri('bizTransaction', type)}` : ''}bizTransaction=${canonicalDigitalLink(id)}`];
  });
  if (transactions.length) out += `bizTransactionList${sortedJoin(transactions)}`;
  return out;
};

/** The event hash ID `ni:///sha-256;<hex>?ver=CBV2.0` of an event. */
export const eventHashId = (event: Json): string =>
  `ni:///sha-256;${createHash('sha256').update(preHashString(event), 'utf8').digest('hex')}?ver=CBV2.0`;

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
