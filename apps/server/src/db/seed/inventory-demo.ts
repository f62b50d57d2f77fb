import { randomUUID } from 'node:crypto';
import { InventoryState, ItemState } from '@rfid/contract';
import { createSerialTags } from '@rfid/epc';
import { and, asc, desc, eq } from 'drizzle-orm';
import { createEngine } from '../../modules/engine/engine.js';
import { readingSetPipeline } from '../../modules/engine/pipeline.js';
import { createIngestRepository, type IngestDevice } from '../../modules/ingest/ingest.repository.js';
import { ingestSet } from '../../modules/ingest/ingest.service.js';
import { createInventoryCsvNow } from '../../modules/inventory/inventory.csv.js';
import { changeInventoryState } from '../../modules/inventory/inventory.engine.js';
import { getInventory, insertInventory } from '../../modules/inventory/inventory.repository.js';
import type { Db } from '../client.js';
import { inventories, items } from '../schema/index.js';
import { areaIdOf, catalogStretch, demoItemIdentity, demoSites, deviceIdOf, userIdOf } from './demo-lookups.js';

/**
 * Demo inventories (docs/design/inventory.md) so the inventory pages have something to show on
 * the first start, made by the engine itself (reading sets of the demo handhelds through
 * ingestion, validations as a user does them):
 *
 * - CD-MAD "Almacén": about 110 items of 10 GTINs in stock; a handheld inventory 9 days ago (most
 *   read, a few lost, three stray tags) validated by the editor, its CSV created; a partial
 *   inventory of 3 GTINs 6 days ago, canceled; a handheld inventory 3 days ago (one item lost, one
 *   stray) validated by the admin.
 * - T-MAD-01 "Sala de ventas": about 50 items of 6 GTINs; a handheld inventory started two hours
 *   ago and still pending (about 80 % read, two stray tags), ready to be validated.
 *
 * GTINs from the middle of the demo catalog (the journeys use its first ones, the stock demo its
 * last ones); tag serials from 9 × 10^10, clear of the stock demo's, the simulator's (above 10^11)
 * and printed tags.
 */
const SERIAL_BASE = 90_000_000_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** `count` tags of each GTIN STOCKED in an area, as an entry would have left them. */
const demoStocker =
  (db: Db, { nextTag, companyId, now }: { nextTag: ReturnType<typeof createSerialTags>; companyId: number; now: number }) =>
  async (lines: Array<{ type: { id: number; gtin: string }; count: number }>, areaId: number, locationId: number) => {
    const epcs: string[] = [];
    const rows = lines.flatMap(({ type, count }) =>
      Array.from({ length: count }, () => {
        const identity = demoItemIdentity(nextTag, companyId, type);
        epcs.push(identity.epc);
        return {
          ...identity,
          state: ItemState.Stocked,
          areaId,
          locationId,
          lastSeenAt: new Date(now - 12 * DAY),
        };
      }),
    );
    await db.insert(items).values(rows);
    return epcs;
  };
/** The newest inventory of an area (the one a handheld's set just opened). */
const latestInventoryOf = async (db: Db, areaId: number) =>
  (
    await db
      .select({ id: inventories.id })
      .from(inventories)
      .where(eq(inventories.areaId, areaId))
      .orderBy(desc(inventories.id))
      .limit(1)
  )[0]?.id as number;

export const seedInventoryDemo = async (db: Db): Promise<void> => {
  const sites = await demoSites(db);
  if (!sites) return;
  const { mad, store } = sites;
  const companyId = mad.companyId;
  const engine = createEngine({ db, pipeline: readingSetPipeline({ isHandlersOnly: true }) });
  const warehouse = await areaIdOf(db, mad.id, 'Almacén');
  const floor = await areaIdOf(db, store.id, 'Sala de ventas');
  const reader = async (serial: string): Promise<IngestDevice | undefined> => {
    const id = await deviceIdOf(db, serial);
    return id ? createIngestRepository(db).deviceById(id) : undefined;
  };
  const madHandheld = await reader('HH-MAD-01');
  const storeHandheld = await reader('HH-T01-01');
  const admin = await userIdOf(db, 'admin@demo.local');
  const editor = await userIdOf(db, 'editor@demo.local');
  if (!warehouse || !floor || !madHandheld || !storeHandheld || !admin || !editor) return;
  const types = await catalogStretch(db, companyId, 200, 16);
  if (types.length < 16) return;
  const now = Date.now();
  const nextTag = createSerialTags({ companyPrefixLength: 7, serialBase: SERIAL_BASE });

  const stock = demoStocker(db, { nextTag, companyId, now });
  /** Stray tags: never stocked anywhere (a tag the entry missed). */
  const strays = (n: number, type: { gtin: string }) => Array.from({ length: n }, () => nextTag(type.gtin).epc);
  /** A handheld reading set `at`, two minutes long. */
  const read = (device: IngestDevice, epcs: string[], at: number) =>
    ingestSet(engine, device, {
      id: randomUUID(),
      startTime: new Date(at - 2 * 60_000),
      endTime: new Date(at),
      codebar: null,
      reads: epcs.map((epc) => ({ epc, time: new Date(at), antenna: 1, rssi: -55 })),
    });
  /** Every `n`-th item is missed. */
  const skipping = (epcs: string[], n: number) => epcs.filter((_, i) => i % n !== n - 1);
  /** An inventory validated or canceled by `userId` at `at`, as the user does it. */
  const changeState = (id: number, state: Parameters<typeof changeInventoryState>[1]['state'], userId: number, at: number) =>
    engine.transaction((scope) => changeInventoryState(scope, { id, companyId, state, userId, at: new Date(at) }));
  // CD-MAD, Almacén: ~110 items of 10 GTINs.
  const madStock = await stock(
    types.slice(0, 10).map((type, i) => ({ type, count: 8 + ((i * 5) % 7) })),
    warehouse,
    mad.id,
  );
  const t9 = now - 9 * DAY;
  const seen = skipping(madStock, 15);
  await read(madHandheld, seen.slice(0, 60), t9);
  await read(madHandheld, [...seen.slice(60), ...strays(3, types[10] as { gtin: string })], t9 + 20 * 60_000);
  const first = await latestInventoryOf(db, warehouse);
  await changeState(first, InventoryState.Validated, editor, t9 + HOUR);
  const firstRow = await getInventory(db, { id: first, companyId });
  if (firstRow) await createInventoryCsvNow(db, { companyId, userId: editor, inventory: firstRow });

  // A partial inventory of three GTINs, 6 days ago: a few read, then canceled.
  const t6 = now - 6 * DAY;
  const partial = await db.transaction((tx) =>
    insertInventory(tx, {
      companyId,
      locationId: mad.id,
      areaId: warehouse,
      deviceId: null,
      createdBy: editor,
      startTime: new Date(t6),
      itemTypeIds: types.slice(0, 3).map((t) => t.id),
    }),
  );
  // The handheld's set goes to the area's open inventory: this one, which counts only its GTINs.
  await read(madHandheld, madStock.slice(0, 12), t6 + 10 * 60_000);
  await changeState(partial, InventoryState.Canceled, editor, t6 + HOUR);

  // 3 days ago: nearly everything read again, one item lost, one stray.
  const t3 = now - 3 * DAY;
  const stocked = await db
    .select({ epc: items.epc })
    .from(items)
    .where(and(eq(items.areaId, warehouse), eq(items.state, ItemState.Stocked)))
    .orderBy(asc(items.epc));
  await read(madHandheld, [...stocked.slice(1).map((r) => r.epc), ...strays(1, types[11] as { gtin: string })], t3);
  const third = await latestInventoryOf(db, warehouse);
  await changeState(third, InventoryState.Validated, admin, t3 + HOUR);

  // T-MAD-01, Sala de ventas: ~50 items of 6 GTINs, an inventory in progress.
  const floorStock = await stock(
    types.slice(10, 16).map((type, i) => ({ type, count: 6 + ((i * 3) % 5) })),
    floor,
    store.id,
  );
  const seenFloor = skipping(floorStock, 5);
  const t0 = now - 2 * HOUR;
  await read(storeHandheld, seenFloor.slice(0, 20), t0);
  await read(storeHandheld, [...seenFloor.slice(20), ...strays(2, types[0] as { gtin: string })], t0 + 15 * 60_000);
};
