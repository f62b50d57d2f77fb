import { AppError } from '../../../http/errors.js';
import { type Message, msg } from '../../../i18n/messages.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { BARCODE_EXISTS } from '../../orders/orders.service.js';
import type { CaptureReportEntry } from '../capture/capture.repository.js';
import { canonicalDigitalLink, orderCodeOf } from '../epcis.identity.js';
import type { EpcisRepository } from '../epcis-store.repository.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

const DESADV = new Set(['desadv', 'urn:epcglobal:cbv:btt:desadv', 'https://ref.gs1.org/cbv/BTT-desadv', 'cbv:BTT-desadv']);

/** The box an ASN announces: an AggregationEvent of an SSCC with SGTINs and a desadv naming an order. */
export const asnOf = (event: Json): { code: string; sscc: string; gtins: Map<string, number> } | null => {
  if (event.type !== 'AggregationEvent' || event.action === 'DELETE' || typeof event.parentID !== 'string') return null;
  const sscc = /\/00\/(\d{18})$/.exec(canonicalDigitalLink(event.parentID))?.[1];
  const desadv = (Array.isArray(event.bizTransactionList) ? event.bizTransactionList : []).find(
    (t): t is Json => isObject(t) && typeof t.type === 'string' && DESADV.has(t.type) && typeof t.bizTransaction === 'string',
  );
  if (!sscc || !desadv) return null;
  const gtins = new Map<string, number>();
  for (const epc of strings(event.childEPCs)) {
    const gtin = /\/01\/(\d{14})\/21\//.exec(canonicalDigitalLink(epc))?.[1];
    if (gtin) gtins.set(gtin, (gtins.get(gtin) ?? 0) + 1);
  }
  return gtins.size ? { code: orderCodeOf(String(desadv.bizTransaction)), sscc, gtins } : null;
};

/**
 * Creates the boxes the document's ASNs announce in their purchase orders (the orders module's rules: a reception
 * opened when the order has none); answers the ASNs refused (an order not found, a box the rules refuse). A box
 * already there (the document captured again) is not refused.
 */
export const applyAsns = async (
  repo: Pick<EpcisRepository, 'purchaseOrderByCode' | 'createReception' | 'createBox'>,
  user: AuthUser,
  events: Json[],
): Promise<CaptureReportEntry[]> => {
  const refused: CaptureReportEntry[] = [];
  const refuse = (index: number, reason: Message) =>
    refused.push({
      kind: 'rejected',
      index,
      eventID: typeof events[index]?.eventID === 'string' ? String(events[index]?.eventID) : null,
      rule: 'desadv',
      reason,
    });
  for (const [index, event] of events.entries()) {
    const asn = asnOf(event);
    if (!asn) continue;
    const order = await repo.purchaseOrderByCode(user.companyId, asn.code);
    if (!order) {
      refuse(index, msg('epcis.desadv_order_not_found', { code: asn.code }));
      continue;
    }
    try {
      const receptionId =
        order.reception_id ?? (await repo.createReception(user, { reception_code: asn.code, order_id: order.id })).id;
      const contents = [...asn.gtins].map(([gtin, quantity]) => ({ gtin, quantity }));
      await repo.createBox(user, { codebar: asn.sscc, reception_id: receptionId, contents });
    } catch (error) {
      // The box of a document captured again is there already: nothing to do.
      if (error instanceof AppError && error.text.key === BARCODE_EXISTS) continue;
      if (error instanceof AppError && error.code !== 'VALIDATION' && error.code !== 'NOT_FOUND') throw error;
      refuse(index, error instanceof AppError ? error.text : msg('common.invalid_value'));
    }
  }
  return refused;
};
