import { randomUUID } from 'node:crypto';
import { ItemState } from '@rfid/contract';
import { encodeSgtin96 } from '@rfid/epc';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  areas,
  countedStocks,
  devices,
  items,
  itemTypes,
  locations,
  minimumStocks,
  readingSets,
  traces,
  users,
} from '../schema/index.js';

/**
 * Demo stock (docs/design/stock.md) so the stock pages have something to show on the first start:
 *
 * - CD-MAD "Expedición": 8 GTINs in stock by RFID (3 to 17 tags each), five boxes whose barcodes
 *   the shipping portal and the tunnel read (box stock and box tracking), and a counted-stock
 *   upload of 2 GTINs.
 * - T-MAD-01 "Almacén tienda": 6 GTINs by RFID and a counted-stock upload of 5 GTINs.
 * - Minimum stocks: 4 in the store's back room (two above the stock: alarms) and 3 at the
 *   shipping area (one alarm), so the bell shows 3 for the admin and 2 for the store's viewer.
 *
 * The GTINs are from the end of the demo catalog (the journeys use its first ones) and the tags'
 * serials start at 7.7 × 10^10, clear of the simulator's (above 10^11) and of printed tags.
 */
const SERIAL_BASE = 77_000_000_000;
const DAY = 86_400_000;

export const seedStockDemo = async (db: Db): Promise<void> => {
  const [mad] = await db.select().from(locations).where(eq(locations.code, 'CD-MAD'));
  const [store] = await db.select().from(locations).where(eq(locations.code, 'T-MAD-01'));
  if (!mad || !store) return;
  const areaOf = async (locationId: number, description: string) =>
    (
      await db
        .select({ id: areas.id })
        .from(areas)
        .where(and(eq(areas.locationId, locationId), eq(areas.description, description)))
    )[0]?.id;
  const shipping = await areaOf(mad.id, 'Expedición');
  const dock = await areaOf(mad.id, 'Muelle de recepción');
  const backRoom = await areaOf(store.id, 'Almacén tienda');
  const deviceOf = async (serial: string) =>
    (await db.select({ id: devices.id }).from(devices).where(eq(devices.serialNumber, serial)))[0]?.id ?? null;
  const portal = await deviceOf('POR-MAD-EXP');
  const tunnel = await deviceOf('TUN-MAD-01');
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.local'));
  if (!shipping || !dock || !backRoom) return;
  const types = await db
    .select({ id: itemTypes.id, gtin: itemTypes.gtin })
    .from(itemTypes)
    .where(eq(itemTypes.companyId, mad.companyId))
    .orderBy(asc(itemTypes.gtin))
    .offset(260)
    .limit(20);
  if (types.length < 20) return;
  const type = (i: number) => types[i] as { id: number; gtin: string };
  const now = Date.now();

  await db.transaction(async (tx) => {
    let serial = SERIAL_BASE;
    /** `count` tags of a GTIN STOCKED in an area, last seen `daysAgo`. */
    const stock = async (t: { id: number; gtin: string }, count: number, areaId: number, locationId: number, daysAgo: number) => {
      const rows = Array.from({ length: count }, () => {
        serial += 1;
        return {
          companyId: mad.companyId,
          epc: encodeSgtin96({ gtin: t.gtin, serial: String(serial), companyPrefixLength: 7 }),
          scheme: 'sgtin-96',
          gtin: t.gtin,
          serial: String(serial),
          itemTypeId: t.id,
          state: ItemState.Stocked,
          areaId,
          locationId,
          lastSeenAt: new Date(now - daysAgo * DAY),
        };
      });
      return tx.insert(items).values(rows).returning({ id: items.id, epc: items.epc });
    };

    const shippingTags: { id: number; epc: string }[] = [];
    for (const [i, count] of [17, 12, 9, 8, 6, 5, 4, 3].entries()) {
      shippingTags.push(...(await stock(type(i), count, shipping, mad.id, 0.08)));
    }
    for (const [i, count] of [8, 6, 5, 4, 3, 2].entries()) {
      await stock(type(8 + i), count, backRoom, store.id, 2 + i);
    }

    // Counted (non-RFID) stock, as an upload of an inventory file would leave it.
    const uploadedAt = new Date(now - 3 * DAY);
    await tx.insert(countedStocks).values([
      ...[
        [8, 4],
        [14, 12],
        [15, 7],
        [16, 20],
        [17, 1],
      ].map(([i, quantity]) => ({
        areaId: backRoom,
        itemTypeId: type(i as number).id,
        quantity: quantity as number,
        uploadedAt,
        uploadedBy: admin?.id ?? null,
      })),
      ...[
        [0, 6],
        [18, 24],
      ].map(([i, quantity]) => ({
        areaId: shipping,
        itemTypeId: type(i as number).id,
        quantity: quantity as number,
        uploadedAt,
        uploadedBy: admin?.id ?? null,
      })),
    ]);

    // Minimum stocks (stock → minimum): back room 12 → 14 (alarm), 5 → 3, 2 → 6 (alarm), 20 → 10;
    // shipping 12 → 20 (alarm), 9 → 5, 24 → 10.
    const minimumAt = new Date(now - 2 * DAY);
    await tx.insert(minimumStocks).values(
      [
        [backRoom, 8, 14],
        [backRoom, 10, 3],
        [backRoom, 13, 6],
        [backRoom, 16, 10],
        [shipping, 1, 20],
        [shipping, 2, 5],
        [shipping, 18, 10],
      ].map(([areaId, i, minimum]) => ({
        companyId: mad.companyId,
        areaId: areaId as number,
        itemTypeId: type(i as number).id,
        minimumStock: minimum as number,
        updatedAt: minimumAt,
      })),
    );

    // Boxes read with their barcode: free reading sets at the shipping portal (and the tunnel for two of them).
    const sighting = async (
      codebar: string,
      tags: { id: number; epc: string }[],
      areaId: number,
      deviceId: number | null,
      hoursAgo: number,
    ) => {
      const id = randomUUID();
      const end = new Date(now - hoursAgo * 3_600_000);
      const reads = tags.length + Math.floor(tags.length / 3); // some tags answer twice
      await tx.insert(readingSets).values({
        id,
        companyId: mad.companyId,
        deviceId,
        locationId: mad.id,
        areaId,
        workingMode: areaId === shipping ? 1 : 0,
        codebar,
        startTime: new Date(end.getTime() - 4_000),
        endTime: end,
        readCount: reads,
        epcCount: tags.length,
      });
      await tx.insert(traces).values(
        tags.map((tag) => ({
          companyId: mad.companyId,
          itemId: tag.id,
          epc: tag.epc,
          readingSetId: id,
          readAt: end,
          state: ItemState.Stocked,
          area1Id: areaId,
          area2Id: areaId,
        })),
      );
    };
    const slice = (from: number, to: number) => shippingTags.slice(from, to);
    await sighting('CAJ-DEMO-0004', slice(40, 52), dock, tunnel, 30);
    await sighting('CAJ-DEMO-0005', slice(52, 60), dock, tunnel, 28);
    await sighting('CAJ-DEMO-0001', slice(0, 17), shipping, portal, 6);
    await sighting('CAJ-DEMO-0002', slice(17, 29), shipping, portal, 5);
    await sighting('CAJ-DEMO-0003', slice(29, 40), shipping, portal, 4);
    await sighting('CAJ-DEMO-0004', slice(40, 52), shipping, portal, 3);
    await sighting('CAJ-DEMO-0004', slice(40, 52), shipping, portal, 2);
  });
};
