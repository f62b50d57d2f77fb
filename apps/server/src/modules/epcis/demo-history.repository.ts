import type { ItemStatus } from '@rfid/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { parseRows } from '../../db/rows.js';
import { type ItemSighting, type ItemStatusNote, statusNoteOf } from '../engine/events.js';
import { INSERT_CHUNK } from './capture/capture.repository.js';
import { eventsOfLedger } from './epcis.ledger.js';
import { insertEvents, ledgerContext } from './epcis.repository.js';

/**
 * The demo's history as EPCIS events (issue 27): the demo seeders write reading sets, traces and status changes
 * straight into their tables, without the engine whose hook (epcis.ledger.ts) writes an EPCIS event of each change.
 * Once they are done, this reads that history back set-based and writes the events the ledger would have written:
 * each reading set's reads as one cycle count (its items, at its end), each status change as its disposition. So a
 * newcomer's first `GET /epcis/events` answers the demo's story. Three reads and one INSERT per 1,000 events.
 */
export const seedDemoEpcisEvents = async (db: Db): Promise<number> => {
  const sightings: ItemSighting[] = parseRows(
    z.object({
      item_id: z.coerce.number(),
      epc: z.string(),
      area_id: z.coerce.number(),
      location_id: z.coerce.number(),
      reading_set_id: z.string(),
      at: z.coerce.date(),
    }),
    await db.execute(sql`
      select distinct t.item_id, t.epc, rs.area_id, rs.location_id, rs.id::text as reading_set_id, rs.end_time as at
      from traces t join reading_sets rs on rs.id = t.reading_set_id
      where rs.area_id is not null and rs.location_id is not null`),
  ).map((r) => ({
    itemId: r.item_id,
    epc: r.epc,
    areaId: r.area_id,
    locationId: r.location_id,
    readingSetId: r.reading_set_id,
    at: r.at,
  }));
  const statusChanges: ItemStatusNote[] = parseRows(
    z.object({
      item_id: z.coerce.number(),
      epc: z.string(),
      company_id: z.coerce.number(),
      location_id: z.coerce.number().nullable(),
      area_id: z.coerce.number().nullable(),
      state: z.coerce.number(),
      from_status: z.coerce.number(),
      to_status: z.coerce.number(),
      at: z.coerce.date(),
    }),
    await db.execute(sql`
      select c.item_id, c.epc, c.company_id, coalesce(c.location_id, i.location_id) as location_id, i.area_id, i.state,
        c.from_status, c.to_status, c.at
      from item_status_changes c join items i on i.id = c.item_id`),
  ).map(
    // to_status holds the contract's ItemStatus values (smallints written by the same seeders).
    (r) => statusNoteOf(r.item_id, r, r.to_status as ItemStatus, r.at),
  );
  if (!sightings.length && !statusChanges.length) return 0;
  const context = await ledgerContext(db, {
    setIds: [...new Set(sightings.map((s) => s.readingSetId))],
    locationIds: [
      ...new Set([...sightings.map((s) => s.locationId), ...statusChanges.flatMap((c) => (c.locationId ? [c.locationId] : []))]),
    ],
    areaIds: [...new Set([...sightings.map((s) => s.areaId), ...statusChanges.flatMap((c) => (c.areaId ? [c.areaId] : []))])],
  });
  const rows = eventsOfLedger([], { sightings, commissions: [], statusChanges }, context, new Date());
  let stored = 0;
  for (let from = 0; from < rows.length; from += INSERT_CHUNK)
    stored += await insertEvents(db, rows.slice(from, from + INSERT_CHUNK));
  return stored;
};
