import { ItemState } from '@rfid/contract';
import { encodeSgtin96 } from '@rfid/epc';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { areas, items, itemTypes } from '../../db/schema/index.js';

/** Test fixtures of the inventory module: fresh areas, stock placed in them, EPCs that are not stock yet. */

/** A new area of a location (so a test never shares an area with the demo data or another test). */
export const addArea = async (db: Db, { locationId, description }: { locationId: number; description: string }) => {
  const [row] = await db.insert(areas).values({ locationId, description, stock: 0 }).returning({ id: areas.id });
  if (!row) throw new Error('area not inserted');
  return row.id;
};

let serial = 70_000_000;
/** `n` fresh SGTIN-96 EPCs of a GTIN (serials apart from the other fixtures'). */
export const freshEpcs = (gtin: string, n: number): string[] =>
  Array.from({ length: n }, () => {
    serial += 1;
    return encodeSgtin96({ gtin, serial: String(serial), companyPrefixLength: 7 });
  });

/** Items STOCKED in an area (as an entry would leave them), `count` per GTIN; answers their EPCs per GTIN. */
export const stockItems = async (
  db: Db,
  {
    companyId,
    locationId,
    areaId,
    lines,
  }: { companyId: number; locationId: number; areaId: number; lines: { gtin: string; count: number }[] },
): Promise<Record<string, string[]>> => {
  const types = await db
    .select({ id: itemTypes.id, gtin: itemTypes.gtin })
    .from(itemTypes)
    .where(
      inArray(
        itemTypes.gtin,
        lines.map((l) => l.gtin),
      ),
    );
  const byGtin: Record<string, string[]> = {};
  for (const line of lines) {
    const epcs = freshEpcs(line.gtin, line.count);
    byGtin[line.gtin] = epcs;
    const typeId = types.find((t) => t.gtin === line.gtin)?.id ?? null;
    await db.insert(items).values(
      epcs.map((epc) => ({
        companyId,
        epc,
        scheme: 'sgtin-96',
        gtin: line.gtin,
        serial: String(BigInt(`0x${epc}`) & ((1n << 38n) - 1n)),
        itemTypeId: typeId,
        state: ItemState.Stocked,
        areaId,
        locationId,
      })),
    );
  }
  return byGtin;
};

/** The items of some EPCs, by EPC. */
export const itemsByEpc = async (db: Db, epcs: string[]) => {
  const rows = await db.select().from(items).where(inArray(items.epc, epcs));
  return new Map(rows.map((r) => [r.epc, r]));
};

export const itemOf = async (db: Db, epc: string) => {
  const [row] = await db.select().from(items).where(eq(items.epc, epc));
  if (!row) throw new Error(`no item ${epc}`);
  return row;
};

/**
 * `stockItems` for the company `of()` names (read when it runs: a test's `beforeAll` sets it), the lines as
 * `[gtin, count]` pairs: `stockIn(locationId, areaId, [g0, 4], [g1, 2])`.
 */
export const companyStock =
  (of: () => { db: Db; companyId: number }) =>
  (locationId: number, areaId: number, ...lines: [string, number][]): Promise<Record<string, string[]>> => {
    const { db, companyId } = of();
    return stockItems(db, { companyId, locationId, areaId, lines: lines.map(([gtin, count]) => ({ gtin, count })) });
  };
