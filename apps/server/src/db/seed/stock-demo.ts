import { randomUUID } from 'node:crypto';
import { ItemState } from '@rfid/contract';
import { createSerialTags } from '@rfid/epc';
import type { Db, Tx } from '../client.js';
import { countedStocks, floorTargets, items, minimumStocks, readingSets, traces } from '../schema/index.js';
import { areaIdOf, catalogStretch, demoItemIdentity, demoSites, deviceIdOf, userIdOf } from './demo-lookups.js';

/**
 * Demo stock (docs/design/stock.md) so the stock pages have something to show on the first start:
 *
 * - CD-MAD "Expedición": 8 GTINs in stock by RFID (3 to 17 tags each), five boxes whose barcodes
 *   the shipping portal and the tunnel read (box stock and box tracking), and a counted-stock
 *   upload of 2 GTINs.
 * - T-MAD-01 "Almacén tienda": 6 GTINs by RFID and a counted-stock upload of 5 GTINs.
 * - Replenishment (issue 26): none of the back room's 6 GTINs is on the sales floor, so the pick list and NOSBOS show
 *   them; the first asks for 3 on the floor (its own floor target), the others for the store's default (1).
 * - Minimum stocks: 4 in the store's back room (two above the stock: alarms) and 3 at the
 *   shipping area (one alarm), so the bell shows 3 for the admin and 2 for the store's viewer.
 *
 * The GTINs are from the end of the demo catalog (the journeys use its first ones) and the tags'
 * serials start at 7.7 × 10^10, clear of the simulator's (above 10^11) and of printed tags.
 */
const SERIAL_BASE = 77_000_000_000;
const DAY = 86_400_000;

/** The counted stock, minimum stocks and a floor target of the demo's areas. */
const seedCountsAndMinimums = async (
  tx: Tx,
  {
    companyId,
    storeId,
    shipping,
    backRoom,
    admin,
    type,
    now,
  }: {
    companyId: number;
    storeId: number;
    shipping: number;
    backRoom: number;
    admin: number | null;
    type: (i: number) => { id: number; gtin: string };
    now: number;
  },
) => {
  // Counted (non-RFID) stock, as an upload of an inventory file would leave it.
  const uploadedAt = new Date(now - 3 * DAY);
  const counted: [areaId: number, type: number, quantity: number][] = [
    [backRoom, 8, 4],
    [backRoom, 14, 12],
    [backRoom, 15, 7],
    [backRoom, 16, 20],
    [backRoom, 17, 1],
    [shipping, 0, 6],
    [shipping, 18, 24],
  ];
  await tx
    .insert(countedStocks)
    .values(
      counted.map(([areaId, i, quantity]) => ({ areaId, itemTypeId: type(i).id, quantity, uploadedAt, uploadedBy: admin })),
    );

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
      companyId,
      areaId: areaId as number,
      itemTypeId: type(i as number).id,
      minimumStock: minimum as number,
      updatedAt: minimumAt,
    })),
  );

  // Replenishment: the first back-room GTIN has a floor target of its own.
  await tx.insert(floorTargets).values({ locationId: storeId, gtin: type(8).gtin, target: 3, updatedAt: minimumAt });
};

export const seedStockDemo = async (db: Db): Promise<void> => {
  const sites = await demoSites(db);
  if (!sites) return;
  const { mad, store } = sites;
  const shipping = await areaIdOf(db, mad.id, 'Expedición');
  const dock = await areaIdOf(db, mad.id, 'Muelle de recepción');
  const backRoom = await areaIdOf(db, store.id, 'Almacén tienda');
  const portal = (await deviceIdOf(db, 'POR-MAD-EXP')) ?? null;
  const tunnel = (await deviceIdOf(db, 'TUN-MAD-01')) ?? null;
  const admin = (await userIdOf(db, 'admin@demo.local')) ?? null;
  if (!shipping || !dock || !backRoom) return;
  const types = await catalogStretch(db, mad.companyId, 260, 20);
  if (types.length < 20) return;
  const type = (i: number) => types[i] as { id: number; gtin: string };
  const now = Date.now();

  await db.transaction(async (tx) => {
    const nextTag = createSerialTags({ companyPrefixLength: 7, serialBase: SERIAL_BASE });
    /** `count` tags of a GTIN STOCKED in an area, last seen `daysAgo`. */
    const stock = async (t: { id: number; gtin: string }, count: number, areaId: number, locationId: number, daysAgo: number) => {
      const rows = Array.from({ length: count }, () => {
        return {
          ...demoItemIdentity(nextTag, mad.companyId, t),
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

    await seedCountsAndMinimums(tx, { companyId: mad.companyId, storeId: store.id, shipping, backRoom, admin, type, now });

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
