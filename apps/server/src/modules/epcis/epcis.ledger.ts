import { ItemState, ItemStatus, STATUS_DISPOSITIONS } from '@rfid/contract';
import type { Tx } from '../../db/client.js';
import type { ItemMoveEvent, LedgerNotes } from '../engine/events.js';
import { MoveReason } from '../engine/events.js';
import { emitEpcisEvents } from '../webhooks/emit-epcis.js';
import {
  areaUri,
  bizTransactionUri,
  epcUri,
  eventHashId,
  locationUri,
  matchableEpcs,
  ssccUri,
  timeZoneOffset,
} from './epcis.identity.js';
import { type EventRow, insertEvents, type LedgerContext, ledgerContext } from './epcis.repository.js';

/**
 * The items ledger's story as GS1 EPCIS 2.0 events (issue 17), written in the engine transaction that moved the items
 * (the `epcis` commit hook of engine/pipeline.ts), one statement per transaction. The moves of a transaction are grouped by what they mean
 * (CBV 2.0 business step and disposition), reading set and place into one ObjectEvent with an epcList:
 *
 * | ledger                                   | bizStep          | disposition           | action  |
 * |------------------------------------------|------------------|-----------------------|---------|
 * | verification, to IN_TRANSIT (exit)       | shipping         | in_transit            | OBSERVE |
 * | verification, to SOLD (online order out) | shipping         | retail_sold           | OBSERVE |
 * | verification, to a place (entry, inbound)| receiving        | in_progress           | OBSERVE |
 * | POS sale                                 | retail_selling   | retail_sold           | OBSERVE |
 * | provider return                          | shipping         | returned              | OBSERVE |
 * | sale/POS return (back from a customer)   | receiving        | returned              | OBSERVE |
 * | inventory/cabinet validation, lost       | cycle_counting   | unknown               | OBSERVE |
 * | inventory/cabinet validation, found      | cycle_counting   | sellable_accessible   | OBSERVE |
 * | inventory reads (nothing moved)          | cycle_counting   | —                     | OBSERVE |
 * | a printed label (its tag encoded)        | commissioning    | active                | ADD     |
 * | seen in another area of its store        | stocking         | sellable_accessible   | OBSERVE |
 * | an exit alarm marked lost                | cycle_counting   | stolen                | OBSERVE |
 * | status → sellable                        | inspecting       | sellable_accessible   | OBSERVE |
 * | status → on display                      | stocking         | sellable_accessible   | OBSERVE |
 * | status → damaged                         | inspecting       | damaged               | OBSERVE |
 * | status → reserved                        | holding          | reserved              | OBSERVE |
 * | status → quarantine                      | inspecting       | non_sellable_other    | OBSERVE |
 *
 * A verified box whose barcode is an SSCC also gives an AggregationEvent of its contents (parentID the SSCC):
 * `ADD`/`packing` when it leaves, `OBSERVE`/`receiving` when it arrives. The order the box belongs to is the
 * events' bizTransaction: `po` for a purchase order, `desadv` for a movement or online order.
 * readPoint is the reading set's area, bizLocation its location (epcis.identity.ts); eventTimeZoneOffset comes from
 * the location's time zone; eventID is the standard's event hash.
 */

type Meaning = { bizStep: string; disposition: string | null; action?: 'ADD' };
const COMMISSIONING: Meaning = { bizStep: 'commissioning', disposition: 'active', action: 'ADD' };

const meaningOf = (move: ItemMoveEvent): Meaning => {
  switch (move.why) {
    case MoveReason.Verification:
      // A verified box at an exit: on its way (a movement), or sold (an online order shipped to its customer).
      if (move.to.state === ItemState.InTransit) return { bizStep: 'shipping', disposition: 'in_transit' };
      if (move.to.state === ItemState.Sold) return { bizStep: 'shipping', disposition: 'retail_sold' };
      return { bizStep: 'receiving', disposition: 'in_progress' };
    case MoveReason.PosSale:
      return { bizStep: 'retail_selling', disposition: 'retail_sold' };
    // CBV 2.0 has no "returning" business step (the standard's JSON Schema refuses it): a return is told by its
    // disposition `returned`, shipped back to the supplier or received back from a customer.
    case MoveReason.ProviderReturn:
      return { bizStep: 'shipping', disposition: 'returned' };
    case MoveReason.SaleReturn:
    case MoveReason.PosReturn:
      return { bizStep: 'receiving', disposition: 'returned' };
    case MoveReason.InventoryLost:
    case MoveReason.CabinetLost:
      return { bizStep: 'cycle_counting', disposition: 'unknown' };
    case MoveReason.InventoryFound:
    case MoveReason.CabinetFound:
      return { bizStep: 'cycle_counting', disposition: 'sellable_accessible' };
    // Issue 26: seen in another area of its store (from the stockroom to the sales floor: on the shelf).
    case MoveReason.Relocated:
      return { bizStep: 'stocking', disposition: 'sellable_accessible' };
    // Issue 26: an exit alarm marked lost: the item left unpaid.
    case MoveReason.ExitLost:
      return { bizStep: 'cycle_counting', disposition: 'stolen' };
  }
};

/** A status change (issue 26): its disposition (STATUS_DISPOSITIONS of the contract) and a business step that fits it. */
const meaningOfStatus = (status: ItemStatus): Meaning => {
  const disposition = STATUS_DISPOSITIONS[status];
  if (status === ItemStatus.Reserved) return { bizStep: 'holding', disposition };
  if (status === ItemStatus.OnDisplay) return { bizStep: 'stocking', disposition };
  return { bizStep: 'inspecting', disposition };
};

type Group = {
  meaning: Meaning;
  setId: string | null;
  locationId: number | null;
  areaId: number | null;
  at: Date;
  epcs: string[];
  isShipping: boolean;
};

/** A transaction's moves, sightings, commissions and status changes grouped into the events they make (one per key). */
const groupsOf = (moves: readonly ItemMoveEvent[], notes: Readonly<LedgerNotes>, context: LedgerContext): Group[] => {
  const groups = new Map<string, Group>();
  const add = (key: string, group: Omit<Group, 'epcs'>, epc: string) => {
    let found = groups.get(key);
    if (!found) {
      found = { ...group, epcs: [] };
      groups.set(key, found);
    }
    found.epcs.push(epcUri(epc));
  };
  const moved = new Set(moves.map((m) => m.itemId));
  // Reads first: a found item's move then tells the rest, and comes last.
  for (const s of notes.sightings) {
    if (moved.has(s.itemId)) continue;
    const meaning = { bizStep: 'cycle_counting', disposition: null };
    add(
      `read|${s.readingSetId}|${s.at.getTime()}`,
      { meaning, setId: s.readingSetId, ...placeOf(s), at: s.at, isShipping: false },
      s.epc,
    );
  }
  for (const c of notes.commissions) {
    const printer = context.printers.get(c.printerId);
    const place = { locationId: printer?.locationId ?? null, areaId: printer?.areaId ?? null };
    add(
      `print|${c.printerId}|${c.at.getTime()}`,
      { meaning: COMMISSIONING, setId: null, ...place, at: c.at, isShipping: false },
      c.epc,
    );
  }
  for (const c of notes.statusChanges) {
    const meaning = meaningOfStatus(c.to);
    const place = { locationId: c.locationId, areaId: c.areaId };
    const key = `status|${meaning.bizStep}|${meaning.disposition}|${place.locationId}|${place.areaId}|${c.at.getTime()}`;
    add(key, { meaning, setId: null, ...place, at: c.at, isShipping: false }, c.epc);
  }
  for (const m of moves) {
    const meaning = meaningOf(m);
    const set = m.readingSetId ? context.sets.get(m.readingSetId) : undefined;
    const place = set?.location_id
      ? { locationId: set.location_id, areaId: set.area_id }
      : { locationId: m.to.locationId ?? m.from.locationId, areaId: m.to.areaId ?? m.from.areaId };
    const key = `${meaning.bizStep}|${meaning.disposition}|${m.readingSetId}|${place.locationId}|${place.areaId}|${m.at.getTime()}`;
    add(key, { meaning, setId: m.readingSetId, ...place, at: m.at, isShipping: meaning.bizStep === 'shipping' }, m.epc);
  }
  return [...groups.values()];
};

/** The events of one group: its ObjectEvent, after the AggregationEvent of its box when a box's items moved. */
const eventsOfGroup = (group: Group, context: LedgerContext, recordTime: Date): EventRow[] => {
  const rows: EventRow[] = [];
  const place = group.locationId ? context.places.get(group.locationId) : undefined;
  const set = group.setId ? context.sets.get(group.setId) : undefined;
  const companyId = set?.company_id ?? place?.companyId;
  if (!companyId) return rows;
  const area = group.areaId ? context.areas.get(group.areaId) : undefined;
  const gln = place?.gln ?? null;
  const readPoint = group.areaId ? areaUri(group.areaId, gln, area?.glnExtension ?? null) : null;
  const bizLocation = group.locationId ? locationUri(group.locationId, gln) : null;
  const common = {
    eventTime: group.at.toISOString(),
    eventTimeZoneOffset: timeZoneOffset(place?.timeZone ?? 'UTC', group.at),
  };
  const where = {
    ...(readPoint ? { readPoint: { id: readPoint } } : {}),
    ...(bizLocation ? { bizLocation: { id: bizLocation } } : {}),
  };
  const transactions =
    set?.order_code && set.order_type
      ? [
          {
            type: set.order_type === 'purchase' ? 'po' : 'desadv',
            bizTransaction: bizTransactionUri(set.order_code, companyId, set.order_gln),
          },
        ]
      : [];
  const epcs = [...new Set(group.epcs)].sort();
  const row = (body: Record<string, unknown>): EventRow => {
    const document = { eventID: eventHashId(body), ...body };
    return {
      eventId: document.eventID,
      companyId,
      locationId: group.locationId,
      eventType: String(body.type),
      action: String(body.action),
      bizStep: typeof body.bizStep === 'string' ? body.bizStep : null,
      disposition: typeof body.disposition === 'string' ? body.disposition : null,
      eventTime: group.at,
      recordTime,
      readPoint,
      bizLocation,
      epcs: matchableEpcs(body),
      document: { ...document, recordTime: recordTime.toISOString() },
    };
  };
  const parent = set?.box_codebar ? ssccUri(set.box_codebar) : null;
  if (parent && group.meaning.bizStep !== 'cycle_counting') {
    const aggregation = {
      type: 'AggregationEvent',
      ...common,
      parentID: parent,
      childEPCs: epcs,
      action: group.isShipping ? 'ADD' : 'OBSERVE',
      bizStep: group.isShipping ? 'packing' : 'receiving',
      ...where,
      ...(transactions.length ? { bizTransactionList: transactions } : {}),
    };
    rows.push(row(aggregation));
  }
  const object = {
    type: 'ObjectEvent',
    ...common,
    epcList: epcs,
    action: group.meaning.action ?? 'OBSERVE',
    bizStep: group.meaning.bizStep,
    ...(group.meaning.disposition ? { disposition: group.meaning.disposition } : {}),
    ...where,
    ...(transactions.length ? { bizTransactionList: transactions } : {}),
  };
  rows.push(row(object));
  return rows;
};

/** The EPCIS events of a transaction's moves and sightings (pure: everything it needs is in `context`). */
export const eventsOfLedger = (
  moves: readonly ItemMoveEvent[],
  notes: Readonly<LedgerNotes>,
  context: LedgerContext,
  recordTime: Date,
): EventRow[] => groupsOf(moves, notes, context).flatMap((group) => eventsOfGroup(group, context, recordTime));

const placeOf = (s: { areaId: number; locationId: number }) => ({ locationId: s.locationId, areaId: s.areaId });

/** The `epcis` commit hook (engine/pipeline.ts): the transaction's events, read and written set-based (four statements). */
export const recordLedgerEvents = async (tx: Tx, moves: readonly ItemMoveEvent[], notes: Readonly<LedgerNotes>) => {
  if (!moves.length && !notes.sightings.length && !notes.commissions.length && !notes.statusChanges.length) return;
  const setIds = new Set<string>();
  const locationIds = new Set<number>();
  const areaIds = new Set<number>();
  for (const m of moves) {
    if (m.readingSetId) setIds.add(m.readingSetId);
    for (const p of [m.from, m.to]) {
      if (p.locationId) locationIds.add(p.locationId);
      if (p.areaId) areaIds.add(p.areaId);
    }
  }
  for (const s of notes.sightings) {
    setIds.add(s.readingSetId);
    locationIds.add(s.locationId);
    areaIds.add(s.areaId);
  }
  for (const c of notes.statusChanges) {
    if (c.locationId) locationIds.add(c.locationId);
    if (c.areaId) areaIds.add(c.areaId);
  }
  const printerIds = [...new Set(notes.commissions.map((c) => c.printerId))];
  const context = await ledgerContext(tx, {
    setIds: [...setIds],
    locationIds: [...locationIds],
    areaIds: [...areaIds],
    printerIds,
  });
  const rows = eventsOfLedger(moves, notes, context, new Date());
  await insertEvents(tx, rows);
  // Issue 27: each event pushed to the company's webhooks subscribed to `epcis.event`, in this transaction.
  await emitEpcisEvents(tx, rows);
};
