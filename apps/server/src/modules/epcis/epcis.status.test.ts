import { ItemState, ItemStatus } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import { emptyLedgerNotes, type ItemStatusNote } from '../engine/events.js';
import { eventsOfLedger } from './epcis.ledger.js';
import type { LedgerContext } from './epcis.repository.js';

/** Issue 26: a status change is an ObjectEvent OBSERVE with the status's CBV disposition, one per disposition and place. */

const at = new Date('2026-11-29T10:00:00Z');
const change = (epc: string, to: ItemStatus): ItemStatusNote => ({
  itemId: Number.parseInt(epc, 16),
  epc,
  companyId: 1,
  locationId: 10,
  areaId: 100,
  state: ItemState.Stocked,
  from: ItemStatus.Sellable,
  to,
  at,
});
const context: LedgerContext = {
  sets: new Map(),
  places: new Map([[10, { id: 10, companyId: 1, gln: null, timeZone: 'Europe/Madrid' }]]),
  areas: new Map([[100, { id: 100, locationId: 10, glnExtension: null }]]),
  printers: new Map(),
};

describe('EPCIS events of status changes', () => {
  it('gives one ObjectEvent per disposition, with its business step, at the item’s place', () => {
    const notes = {
      ...emptyLedgerNotes(),
      statusChanges: [
        change('3000000000000000000000A1', ItemStatus.Damaged),
        change('3000000000000000000000A2', ItemStatus.Damaged),
        change('3000000000000000000000A3', ItemStatus.Reserved),
        change('3000000000000000000000A4', ItemStatus.Quarantine),
        change('3000000000000000000000A5', ItemStatus.OnDisplay),
        change('3000000000000000000000A6', ItemStatus.Sellable),
      ],
    };
    const rows = eventsOfLedger([], notes, context, at);
    // An ObjectEvent's document always has its epcList (eventsOfLedger builds it).
    expect(rows.map((r) => [r.eventType, r.action, r.bizStep, r.disposition, (r.document.epcList as string[]).length])).toEqual([
      ['ObjectEvent', 'OBSERVE', 'inspecting', 'damaged', 2],
      ['ObjectEvent', 'OBSERVE', 'holding', 'reserved', 1],
      ['ObjectEvent', 'OBSERVE', 'inspecting', 'non_sellable_other', 1],
      ['ObjectEvent', 'OBSERVE', 'stocking', 'sellable_accessible', 1],
      ['ObjectEvent', 'OBSERVE', 'inspecting', 'sellable_accessible', 1],
    ]);
    expect(rows.every((r) => r.locationId === 10 && r.readPoint !== null)).toBe(true);
  });
});
