import { WebhookEventType } from '@rfid/contract';
import type { DbOrTx } from '../../db/client.js';
import { JSON_LD_CONTEXT } from '../epcis/epcis.identity.js';
import type { EventRow } from '../epcis/epcis.repository.js';
import { emitWebhookEvents } from './emit.js';

/** The EPC an EPCIS event is about, for the per-subject order: its first EPC, or its parent, or its id. */
const subjectOf = (row: EventRow): string => {
  const document = row.document;
  const first = (key: string): string | undefined => {
    const list = document[key];
    return Array.isArray(list) && typeof list[0] === 'string' ? list[0] : undefined;
  };
  const epc = first('epcList') ?? (typeof document.parentID === 'string' ? document.parentID : undefined) ?? first('childEPCs');
  return epc ? `epc:${epc}` : `epcis_event:${row.eventId}`;
};

/**
 * The items ledger's EPCIS events as `epcis.event` webhooks (issue 27), in the engine transaction that wrote them:
 * `data` is the event as JSON-LD (with its `@context`), the subject its first EPC (so an item's moves arrive in order).
 */
export const emitEpcisEvents = (tx: DbOrTx, rows: readonly EventRow[]): Promise<void> =>
  emitWebhookEvents(
    tx,
    rows.map((row) => ({
      companyId: row.companyId,
      locationId: row.locationId ?? null,
      type: WebhookEventType.EpcisEvent,
      subject: subjectOf(row),
      data: { '@context': JSON_LD_CONTEXT, ...row.document },
    })),
  );
