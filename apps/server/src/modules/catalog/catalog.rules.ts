import type { DecodedEpcRow } from '@rfid/contract';
import { isValidGtin, toGtin14, tryDecodeEpc } from '@rfid/epc';

/** The catalog's rules without a database: GTINs and their check digit, and EPCs decoded as the catalog answers them. */

export const INVALID_CHECK_DIGIT = 'catalog.invalid_check_digit';

/** A GTIN-8/12/13/14 with a correct check digit, as the GTIN-14 the catalog stores; null when invalid. */
export const normalizeGtin = (gtin: string): string | null => {
  const digits = gtin.trim();
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(digits) || !isValidGtin(digits)) return null;
  return toGtin14(digits);
};

/** Decodes one EPC the way the catalog answers it; never throws (a non-GS1 EPC is 'unknown'). */
export const decodeEpcRow = (epc: string): Omit<DecodedEpcRow, 'item_type' | 'description'> => {
  const hex = epc.trim().toUpperCase();
  const decoded = /^[0-9A-F]+$/.test(hex) ? tryDecodeEpc(hex) : null;
  if (!decoded) {
    return {
      epc: hex,
      scheme: 'unknown',
      gtin: null,
      serial: null,
      company_prefix: null,
      filter: null,
      pure_identity_uri: null,
      tag_uri: null,
      error: 'Not a GS1 EPC.',
    };
  }
  return {
    epc: hex,
    scheme: decoded.scheme,
    gtin: decoded.gtin ?? null,
    serial: decoded.serial ?? null,
    company_prefix: decoded.companyPrefix ?? null,
    filter: decoded.filter ?? null,
    pure_identity_uri: decoded.pureIdentityUri ?? null,
    tag_uri: decoded.tagUri ?? null,
    error: null,
  };
};
