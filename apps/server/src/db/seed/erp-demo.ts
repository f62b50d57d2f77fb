import { ErpSnapshotSource } from '@rfid/contract';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { createErpRepository } from '../../modules/erp/erp.repository.js';
import type { Db } from '../client.js';
import { itemTypes, locations, stockNow } from '../schema/index.js';
import { userIdOf } from './demo-lookups.js';

/** The demo stores that get an ERP snapshot. */
const ERP_DEMO_STORES = ['T-MAD-01', 'T-BCN-01'];
/** A GTIN of the demo catalogue's range that no tag carries: the ERP has it, RFID does not. */
const ERP_ONLY_GTIN = '08400000099998';

/**
 * ERP stock of two demo stores (issue 27), so that "Stock ERP vs RFID" shows something on the first start: the ERP's
 * quantities are the RFID stock of each GTIN but for a few differences (two more, one fewer, a GTIN the ERP lacks, a GTIN
 * only the ERP has), imported as one JSON snapshot by the administrator. One read of the stock view and one insert.
 */
export const seedErpDemo = async (db: Db): Promise<void> => {
  const admin = await userIdOf(db, 'admin@demo.local');
  const stores = await db
    .select({ id: locations.id, code: locations.code, companyId: locations.companyId })
    .from(locations)
    .where(inArray(locations.code, ERP_DEMO_STORES));
  const companyId = stores[0]?.companyId;
  if (!admin || companyId === undefined || stores.length === 0) return;
  const stock = await db
    .select({
      locationId: stockNow.locationId,
      gtin: itemTypes.gtin,
      quantity: sql<number>`sum(${stockNow.quantity})::int`.mapWith(Number),
    })
    .from(stockNow)
    .innerJoin(itemTypes, eq(itemTypes.id, stockNow.itemTypeId))
    .where(
      and(
        inArray(
          stockNow.locationId,
          stores.map((s) => s.id),
        ),
        gt(stockNow.quantity, 0),
      ),
    )
    .groupBy(stockNow.locationId, itemTypes.gtin)
    .orderBy(asc(stockNow.locationId), asc(itemTypes.gtin));
  const lines: { locationId: number; gtin: string; quantity: number }[] = [];
  for (const store of stores) {
    const own = stock.filter((s) => s.locationId === store.id);
    own.forEach((row, i) => {
      // Every seventh GTIN differs: +2, −1, or missing from the ERP, in turn.
      if (i % 7 !== 3) lines.push(row);
      else if (i % 21 === 3) lines.push({ ...row, quantity: row.quantity + 2 });
      else if (i % 21 === 10) lines.push({ ...row, quantity: Math.max(0, row.quantity - 1) });
    });
    lines.push({ locationId: store.id, gtin: ERP_ONLY_GTIN, quantity: 4 });
  }
  await createErpRepository(db).saveSnapshot(
    {
      companyId,
      createdBy: admin,
      source: ErpSnapshotSource.Json,
      fileName: '',
      rowCount: lines.length,
      rejectedCount: 0,
      rejected: [],
      locationIds: stores.map((s) => s.id).sort((a, b) => a - b),
    },
    lines,
    new Date(),
  );
};
