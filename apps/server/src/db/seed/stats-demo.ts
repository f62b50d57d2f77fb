import { randomUUID } from 'node:crypto';
import { addDays, todayIn } from '@rfid/contract';
import { seededRandom } from '@rfid/epc';
import { asc, eq, sql } from 'drizzle-orm';
import { stockNow, theoreticalNow } from '../../modules/stats/stats.repository.js';
import { insertVerification, recomputeBoxAndOrder } from '../../modules/verification/verification.repository.js';
import type { Db, Tx } from '../client.js';
import {
  boxContents,
  boxes,
  devices,
  itemTypes,
  locations,
  orders,
  providers,
  readingSets,
  receptions,
  stockDaily,
} from '../schema/index.js';
import { demoCompany } from './demo-data.js';

/**
 * The dashboard's demo (README "Dashboard"): the history behind the stock the other demos left, so
 * the figures, donuts and chart have something true to show on the first start.
 *
 * - The stock at CD-MAD and T-MAD-01 (items STOCKED and counted stock, as the stock and inventory
 *   demos left them) arrived in purchase orders to CD-MAD over the last month, read box by box by
 *   the tunnel; T-MAD-01's part went on in movements CD-MAD → T-MAD-01, read at both ends. The
 *   last purchase's last box came two units short (an order received with differences).
 * - Six online parcels left CD-MAD (items that are sold, so not in stock); two wait. Two purchase
 *   orders wait for their trucks and a movement to T-BCN-01 waits at the expedition.
 * - Daily stock snapshots (stock_daily) from 1 January two years ago to yesterday for every
 *   location with stock: a seasonal curve that ends at the stock and theoretical stock of today.
 *
 * It reads the stock the earlier demos left, so it runs last in seed.ts. No item moves: the orders
 * explain the stock, they do not make it. Order codes start with DEMO-.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Units per box of the demo orders. */
const BOX_UNITS = 36;

type Contents = Map<number, number>;

const addTo = (target: Contents, source: Contents) => {
  for (const [type, n] of source) target.set(type, (target.get(type) ?? 0) + n);
};

/** Splits contents into boxes of at most `size` units, each a list of [item type, quantity]. */
const toBoxes = (contents: Contents, size: number): [number, number][][] => {
  const out: [number, number][][] = [];
  let box: [number, number][] = [];
  let room = size;
  for (const [type, total] of [...contents].sort((a, b) => a[0] - b[0])) {
    let left = total;
    while (left > 0) {
      const n = Math.min(left, room);
      box.push([type, n]);
      left -= n;
      room -= n;
      if (room === 0) {
        out.push(box);
        box = [];
        room = size;
      }
    }
  }
  if (box.length) out.push(box);
  return out;
};

/** Items STOCKED plus counted stock per item type of a location. */
const stockByType = async (db: Db, locationId: number): Promise<Contents> => {
  const rows = (
    (await db.execute(sql`
      select item_type_id, sum(n)::int as n from (
        select i.item_type_id, count(*) as n from items i join areas a on a.id = i.area_id
          where a.location_id = ${locationId} and i.state = 0 and i.item_type_id is not null group by i.item_type_id
        union all
        select c.item_type_id, sum(c.quantity) from counted_stocks c join areas a on a.id = c.area_id
          where a.location_id = ${locationId} group by c.item_type_id
      ) x group by item_type_id`)) as unknown as { rows: { item_type_id: number; n: number }[] }
  ).rows;
  return new Map(rows.filter((r) => Number(r.n) > 0).map((r) => [Number(r.item_type_id), Number(r.n)]));
};

type Side = 'origin' | 'destination';
/** The code of a demo order of each type: DEMO-PO-001, DEMO-MV-002 … */
const CODE_OF_TYPE = { purchase: 'PO', movement: 'MV', online: 'ON' } as const;
type Reader = { id: number; locationId: number; areaId: number; workingMode: number };

/** What the demo needs of the other demos' data: the locations, readers, providers, catalog and stock. */
const statsDemoInputs = async (db: Db) => {
  const all = await db.select().from(locations).orderBy(asc(locations.id));
  const byCode = new Map(all.map((l) => [l.code, l]));
  const mad = byCode.get('CD-MAD');
  const store = byCode.get('T-MAD-01');
  const bcn = byCode.get('T-BCN-01');
  if (!mad || !store) return null;
  const companyId = mad.companyId;
  const readerOf = async (serial: string): Promise<Reader | null> => {
    const [d] = await db.select().from(devices).where(eq(devices.serialNumber, serial));
    return d?.locationId && d.areaId
      ? { id: d.id, locationId: d.locationId, areaId: d.areaId, workingMode: d.workingMode }
      : null;
  };
  const tunnel = await readerOf('TUN-MAD-01');
  const portal = await readerOf('POR-MAD-EXP');
  const storeEntry = await readerOf('POR-T01-ENT');
  if (!tunnel || !portal || !storeEntry) return null;
  const providerIds = (
    await db
      .select({ id: providers.id })
      .from(providers)
      .where(eq(providers.companyId, companyId))
      .orderBy(asc(providers.id))
      .limit(4)
  ).map((p) => p.id);
  const catalog = await db
    .select({ id: itemTypes.id, gtin: itemTypes.gtin })
    .from(itemTypes)
    .where(eq(itemTypes.companyId, companyId))
    .orderBy(asc(itemTypes.gtin));
  if (providerIds.length === 0 || catalog.length < 200) return null;
  return { all, mad, store, bcn, companyId, tunnel, portal, storeEntry, providerIds, catalog };
};
type Inputs = NonNullable<Awaited<ReturnType<typeof statsDemoInputs>>>;
type MadeBox = { id: number; codebar: string; contents: [number, number][] };

/** Inserts the demo's orders: each with its code the next DEMO- one of its type, its reception and boxes. */
const orderMaker = (tx: Tx, companyId: number) => {
  let counter = 0;
  const code = (kind: string) => `DEMO-${kind}-${String(++counter).padStart(3, '0')}`;
  /** An order (its code the next DEMO- one of its type) with its reception and boxes; returns the boxes' ids and contents. */
  return async (fields: Omit<typeof orders.$inferInsert, 'companyId' | 'orderCode'>, boxList: [number, number][][]) => {
    const orderCode = code(CODE_OF_TYPE[fields.type]);
    const values = { ...fields, companyId, orderCode };
    const [o] = await tx.insert(orders).values(values).returning({ id: orders.id });
    if (!o) throw new Error('stats demo: order not created');
    const [reception] = await tx
      .insert(receptions)
      .values({ orderId: o.id, receptionCode: `R-${values.orderCode}`, createdAt: values.creationDate })
      .returning({ id: receptions.id });
    const made: MadeBox[] = [];
    for (const [i, contents] of boxList.entries()) {
      const codebar = `${orderCode}-B${i + 1}`;
      const [b] = await tx
        .insert(boxes)
        .values({ companyId, orderId: o.id, receptionId: reception?.id, codebar, createdAt: values.creationDate })
        .returning({ id: boxes.id });
      if (!b) throw new Error('stats demo: box not created');
      await tx.insert(boxContents).values(contents.map(([itemTypeId, quantity]) => ({ boxId: b.id, itemTypeId, quantity })));
      made.push({ id: b.id, codebar, contents });
    }
    return { orderId: o.id, boxes: made };
  };
};

/** Reads the demo's boxes. */
const boxReader =
  (companyId: number, gtinOf: Map<number, string>) =>
  /** A box read on one side: the reading set, the verification (real = expected but `short` units), statuses. */
  async (
    t: Tx,
    {
      orderId,
      box,
      side,
      reader,
      mode,
      end,
      short = 0,
    }: {
      orderId: number;
      box: MadeBox;
      side: Side;
      reader: Reader;
      mode: number;
      end: Date;
      short?: number;
    },
  ) => {
    const expected = box.contents.reduce((s, [, n]) => s + n, 0);
    const id = randomUUID();
    const start = new Date(end.getTime() - 20_000);
    await t.insert(readingSets).values({
      id,
      companyId,
      deviceId: reader.id,
      locationId: reader.locationId,
      areaId: reader.areaId,
      workingMode: mode,
      codebar: box.codebar,
      startTime: start,
      endTime: end,
      readCount: expected - short,
      epcCount: expected - short,
      claimedBy: 'verification',
      createdAt: end,
    });
    const lines = box.contents.map(([itemTypeId, n], i) => ({
      gtin: gtinOf.get(itemTypeId) ?? '',
      itemTypeId,
      expected: n,
      real: i === 0 ? n - short : n,
    }));
    await insertVerification(t, {
      companyId,
      boxId: box.id,
      orderId,
      readingSetId: id,
      deviceId: reader.id,
      side,
      code: box.codebar,
      startTime: start,
      endTime: end,
      realItemCount: expected - short,
      matchedItemCount: expected - short,
      hasErrors: short > 0,
      lines,
    });
    await recomputeBoxAndOrder(t, { boxId: box.id, orderId, side });
  };

type Steps = Inputs & {
  tx: Tx;
  order: ReturnType<typeof orderMaker>;
  read: ReturnType<typeof boxReader>;
  at: (daysAgo: number, hour?: number) => Date;
  now: Date;
};

const seedPurchases = async (
  { tx, order, read, at, mad, tunnel, providerIds }: Steps,
  received: Contents,
  random: () => number,
) => {
  const purchaseBoxes = toBoxes(received, BOX_UNITS);
  const perOrder = 3;
  const purchaseCount = Math.ceil(purchaseBoxes.length / perOrder);
  for (let p = 0; p < purchaseCount; p++) {
    const daysAgo = 29 - Math.round((p * 12) / Math.max(1, purchaseCount - 1));
    const created = at(daysAgo, 8);
    const { orderId, boxes: made } = await order(
      {
        type: 'purchase',
        providerId: providerIds[p % providerIds.length],
        destinationLocationId: mad.id,
        creationDate: created,
        estimatedArrivalDate: new Date(created.getTime() + 2 * DAY),
      },
      purchaseBoxes.slice(p * perOrder, (p + 1) * perOrder),
    );
    const isLast = p === purchaseCount - 1;
    for (const [i, box] of made.entries()) {
      // The last order's last box: two units more were expected than arrived (read at the quarter hour exactly).
      const short = isLast && i === made.length - 1 ? 2 : 0;
      if (short) {
        const [type, n] = box.contents[0] as [number, number];
        box.contents[0] = [type, n + short];
        await tx
          .update(boxContents)
          .set({ quantity: n + short })
          .where(sql`${boxContents.boxId} = ${box.id} and ${boxContents.itemTypeId} = ${type}`);
      }
      const late = short ? 0 : random() * 60_000;
      await read(tx, {
        orderId,
        box,
        side: 'destination',
        reader: tunnel,
        mode: 0,
        end: new Date(created.getTime() + 2 * DAY + (i + 1) * 15 * 60_000 + late),
        short,
      });
    }
  }
};

const seedMovements = async ({ tx, order, read, at, mad, store, portal, storeEntry }: Steps, storeStock: Contents) => {
  // Movements CD-MAD → T-MAD-01 with the store's stock, read when leaving and when arriving.
  const movementBoxes = toBoxes(storeStock, BOX_UNITS);
  for (let m = 0; m * 2 < movementBoxes.length; m++) {
    const created = at(15 - m * 4, 7);
    const { orderId, boxes: made } = await order(
      {
        type: 'movement',
        originLocationId: mad.id,
        destinationLocationId: store.id,
        creationDate: created,
        estimatedExitDate: new Date(created.getTime() + 4 * HOUR),
        estimatedArrivalDate: new Date(created.getTime() + DAY),
      },
      movementBoxes.slice(m * 2, m * 2 + 2),
    );
    for (const [i, box] of made.entries()) {
      await read(tx, {
        orderId,
        box,
        side: 'origin',
        reader: portal,
        mode: 1,
        end: new Date(created.getTime() + 3 * HOUR + i * 60_000),
      });
      await read(tx, {
        orderId,
        box,
        side: 'destination',
        reader: storeEntry,
        mode: 3,
        end: new Date(created.getTime() + 20 * HOUR + i * 60_000),
      });
    }
  }
};

const seedOnlineOrders = async ({ tx, order, read, at, mad, portal, catalog }: Steps, onlineParcels: Contents[]) => {
  // Online parcels: six left CD-MAD, two wait.
  for (const [i, parcel] of onlineParcels.entries()) {
    const created = at(24 - i * 4, 10);
    const { orderId, boxes: made } = await order(
      {
        type: 'online',
        originLocationId: mad.id,
        creationDate: created,
        estimatedExitDate: new Date(created.getTime() + DAY),
      },
      toBoxes(parcel, BOX_UNITS),
    );
    for (const box of made) {
      await read(tx, { orderId, box, side: 'origin', reader: portal, mode: 6, end: new Date(created.getTime() + 5 * HOUR) });
    }
  }
  for (let i = 0; i < 2; i++) {
    const created = at(1 - i, 8);
    await order(
      {
        type: 'online',
        originLocationId: mad.id,
        creationDate: created,
        estimatedExitDate: new Date(created.getTime() + DAY),
      },
      [[[catalog[140 + i]?.id as number, 1]]],
    );
  }
};

const seedWaitingOrders = async ({ order, at, mad, bcn, providerIds, catalog, now }: Steps) => {
  // Waiting: two purchases on their way, a movement to T-BCN-01 not read yet.
  for (let i = 0; i < 2; i++) {
    const created = at(2 - i, 9);
    await order(
      {
        type: 'purchase',
        providerId: providerIds[(i + 1) % providerIds.length],
        destinationLocationId: mad.id,
        creationDate: created,
        estimatedArrivalDate: new Date(now.getTime() + (i + 1) * DAY),
      },
      [[[catalog[150 + i]?.id as number, 12]], [[catalog[160 + i]?.id as number, 8]]],
    );
  }
  if (bcn) {
    const created = at(1, 11);
    await order(
      {
        type: 'movement',
        originLocationId: mad.id,
        destinationLocationId: bcn.id,
        creationDate: created,
        estimatedExitDate: new Date(created.getTime() + DAY),
        estimatedArrivalDate: new Date(created.getTime() + 2 * DAY),
      },
      [[[catalog[170]?.id as number, 6]]],
    );
  }
};

const seedDailySnapshots = async (db: Db, all: Inputs['all'], now: Date) => {
  // Daily snapshots up to yesterday, ending at today's stock and theoretical stock.
  const today = todayIn(demoCompany.timeZone, now);
  const first = `${now.getUTCFullYear() - 2}-01-01`;
  const days: string[] = [];
  for (let d = first; d < today; d = addDays(d, 1)) days.push(d);
  const season = (day: string) => {
    const start = Date.UTC(Number(day.slice(0, 4)), 0, 1);
    const dayOfYear = (Date.parse(`${day}T00:00:00Z`) - start) / DAY;
    // Fuller before the spring and autumn campaigns, leaner after the sales.
    return 1 + 0.12 * Math.sin((2 * Math.PI * (dayOfYear - 40)) / 365) + 0.05 * Math.sin((4 * Math.PI * dayOfYear) / 365);
  };
  const rows: (typeof stockDaily.$inferInsert)[] = [];
  for (const location of all) {
    const [stock, theoretical] = [await stockNow(db, [location.id]), await theoreticalNow(db, [location.id])];
    if (stock <= 0) continue;
    const ratio = theoretical > 0 ? theoretical / stock : 1.04;
    const noise = seededRandom(location.id * 7919);
    const base = season(today);
    for (const day of days) {
      const back = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / DAY;
      // A business that grew about 25 % in two years, with its seasons and some daily noise.
      const level = (1 - 0.00035 * back) * (season(day) / base) * (1 + (noise() - 0.5) * 0.04);
      const quantity = Math.max(0, Math.round(stock * level));
      rows.push({
        day,
        locationId: location.id,
        areaId: null,
        quantity,
        theoreticalQuantity: Math.max(0, Math.round(quantity * ratio * (1 + (noise() - 0.5) * 0.02))),
      });
    }
  }
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(stockDaily)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
  }
};

export const seedStatsDemo = async (db: Db, now = new Date()): Promise<void> => {
  const inputs = await statsDemoInputs(db);
  if (!inputs) return;
  const { mad, store, companyId, catalog } = inputs;
  const gtinOf = new Map(catalog.map((c) => [c.id, c.gtin]));
  const random = seededRandom(20_261_123);

  const madStock = await stockByType(db, mad.id);
  const storeStock = await stockByType(db, store.id);
  // Online parcels: GTINs from the middle of the catalog (the journeys use the first, the stock demo the last).
  const onlineParcels: Contents[] = Array.from(
    { length: 6 },
    (_, i) => new Map([[catalog[120 + i * 3]?.id as number, 1 + (i % 3)]]),
  );

  // Never after now: "today at 08:00" is in the future between midnight and 08:00 UTC, outside every range up to now.
  const at = (daysAgo: number, hour = 9) =>
    new Date(
      Math.min(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo, hour), now.getTime() - 60_000),
    );

  await db.transaction(async (tx) => {
    const steps: Steps = { ...inputs, tx, order: orderMaker(tx, companyId), read: boxReader(companyId, gtinOf), at, now };
    // Purchases to CD-MAD: what is in stock at both locations and what left in online parcels.
    const received: Contents = new Map();
    addTo(received, madStock);
    addTo(received, storeStock);
    for (const parcel of onlineParcels) addTo(received, parcel);
    await seedPurchases(steps, received, random);
    await seedMovements(steps, storeStock);
    await seedOnlineOrders(steps, onlineParcels);
    await seedWaitingOrders(steps);
  });

  await seedDailySnapshots(db, inputs.all, now);
};
