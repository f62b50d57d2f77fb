import {
  decodeEpcUri,
  isDigitalLinkUri,
  isEpcError,
  isValidGtin,
  parseDigitalLink,
  toGtin14,
  trimEpcPadding,
  tryDecodeEpc,
  uriToHex,
} from '@rfid/epc';
import type { AuthUser } from '../../plugins/auth.js';
import { uncompressedDigitalLink } from '../epcis/capture/compressed-link.js';
import type { OrderHit, OrderType } from './search.repository.js';

/**
 * What a query may name (issue 28, finding 16). An EPC, typed as hex (spaces allowed; a reader's zero-word padding
 * dropped), as an EPC URI (`urn:epc:id:…` pure identity, `urn:epc:tag:…`) or as a GS1 Digital Link (compressed or not):
 * `epcs` to look up, or the GTIN and serial of an item. A GTIN (8, 12, 13 or 14 digits with a correct check digit, or a
 * Digital Link without serial): `gtin`, as the GTIN-14 the catalogue keeps. Anything that is not a URI may also be the
 * start of an order code or a box barcode: `code`.
 */
export type RecognisedQuery = {
  epcs: string[];
  gtinSerial: { gtin: string; serial: string } | null;
  /** The GTIN-14 the query names itself (exact). */
  gtin: string | null;
  /** The GTIN-14 of the EPC the query names (offered beside the item, not exact). */
  epcGtin: string | null;
  code: string | null;
};

const NOTHING: RecognisedQuery = { epcs: [], gtinSerial: null, gtin: null, epcGtin: null, code: null };

/** An EPC URI's item: an SGTIN's GTIN and serial; other schemes (and tag URIs) by their hex. */
const fromEpcUri = (uri: string): RecognisedQuery => {
  try {
    if (uri.startsWith('urn:epc:id:sgtin:')) {
      // A pure identity URI says nothing of the filter the tag was written with: the item is found by GTIN and serial.
      const decoded = decodeEpcUri(uri);
      if (decoded.gtin && decoded.serial !== undefined) {
        return { ...NOTHING, gtinSerial: { gtin: decoded.gtin, serial: decoded.serial }, epcGtin: decoded.gtin };
      }
    }
    const hex = uriToHex(uri);
    return { ...NOTHING, epcs: [hex], epcGtin: tryDecodeEpc(hex)?.gtin ?? null };
  } catch (error) {
    if (isEpcError(error)) return NOTHING;
    throw error;
  }
};

/** A Digital Link's item (with a serial) or product (without). */
const fromDigitalLink = (uri: string): RecognisedQuery => {
  try {
    const link = parseDigitalLink(uncompressedDigitalLink(uri) ?? uri);
    if (!link.gtin) return NOTHING;
    if (link.serial === undefined) return { ...NOTHING, gtin: link.gtin };
    return { ...NOTHING, gtinSerial: { gtin: link.gtin, serial: link.serial }, epcGtin: link.gtin };
  } catch (error) {
    if (isEpcError(error)) return NOTHING;
    throw error;
  }
};

/** A hex EPC of 96 bits or more in whole 16-bit words (items of unknown schemes are kept too, so any such hex). */
const HEX_EPC = /^[0-9A-F]{24,}$/;
const GTIN_DIGITS = /^(\d{8}|\d{12}|\d{13}|\d{14})$/;

export const recogniseQuery = (query: string): RecognisedQuery => {
  const text = query.trim();
  if (/^urn:epc:/i.test(text)) return fromEpcUri(text);
  if (isDigitalLinkUri(text)) return fromDigitalLink(text);
  const compact = text.replace(/\s+/g, '').toUpperCase();
  const recognised: RecognisedQuery = { ...NOTHING, code: text };
  if (HEX_EPC.test(compact) && compact.length % 4 === 0) {
    const trimmed = trimEpcPadding(compact);
    recognised.epcs = [...new Set([compact, trimmed])];
    recognised.epcGtin = tryDecodeEpc(trimmed)?.gtin ?? null;
  }
  if (GTIN_DIGITS.test(compact) && isValidGtin(compact)) recognised.gtin = toGtin14(compact);
  return recognised;
};

export type MovementSide = 'exit' | 'entry';

/**
 * The side a movement order opens on: the header's location when it is one of the order's ends; otherwise the origin's
 * (exit) when the user sees it, else the destination's (entry).
 */
export const movementSide = (
  order: Pick<OrderHit, 'originLocationId' | 'destinationLocationId'>,
  user: Pick<AuthUser, 'locationIds'>,
  currentLocation: number | undefined,
): MovementSide => {
  if (currentLocation !== undefined && currentLocation === order.destinationLocationId) return 'entry';
  if (currentLocation !== undefined && currentLocation === order.originLocationId) return 'exit';
  if (user.locationIds === null || order.originLocationId === null) return 'exit';
  return user.locationIds.includes(order.originLocationId) ? 'exit' : 'entry';
};

/** The web pages a match opens (apps/web: features/orders/order-paths.ts, tracking and stock routes). */
export const searchPages = {
  item: (epc: string) => `/track-epc/${encodeURIComponent(epc)}`,
  gtin: (gtin: string) => `/inventory/stocks/${encodeURIComponent(gtin)}/gtin`,
  order: (type: OrderType, id: number, side: MovementSide): string => {
    if (type === 'purchase') return `/inbound/order/${id}/detail`;
    if (type === 'online') return `/online/order/${id}/detail`;
    return `/movements/${side}/order/${id}/detail`;
  },
  box: (type: OrderType, orderId: number, boxId: number, side: MovementSide): string => {
    if (type === 'purchase') return `/inbound/order/${orderId}/box/${boxId}/detail`;
    if (type === 'online') return `/online/order/${orderId}/box/${boxId}/detail`;
    return `/movements/${side}/order/${orderId}/box/${boxId}/detail`;
  },
};

/** Where an order goes: from its provider or origin to its destination (the names of the places, as data). */
export const orderPlaces = (order: Pick<OrderHit, 'origin' | 'destination' | 'provider'>): string =>
  [order.provider ?? order.origin, order.destination].filter((place): place is string => Boolean(place)).join(' → ');
