import { randomUUID } from 'node:crypto';
import { InventoryState, ItemState } from '@rfid/contract';
import { createSerialTags } from '@rfid/epc';
import { createEngine } from '../../modules/engine/engine.js';
import { readingSetPipeline } from '../../modules/engine/pipeline.js';
import { createIngestRepository, type IngestDevice } from '../../modules/ingest/ingest.repository.js';
import { ingestSet } from '../../modules/ingest/ingest.service.js';
import { changeInventoryState } from '../../modules/inventory/inventory.engine.js';
import { insertInventory } from '../../modules/inventory/inventory.repository.js';
import type { Db } from '../client.js';
import { items } from '../schema/index.js';
import { areaIdOf, catalogStretch, demoItemIdentity, demoSites, deviceIdOf, userIdOf } from './demo-lookups.js';

/**
 * Shrink and accuracy demo (issue 26, docs/store-floor/shrink.md): T-MAD-01's stockroom ("Almacén tienda") holds about
 * 60 items of 8 GTINs of its own (two stretches of the catalog, so more than one section), counted once a week for the
 * last four weeks by a partial inventory of those GTINs, each opened by the editor, read by the store's handheld carried
 * into the stockroom and validated an hour later: each finds a few items missing (lost at validation, moved to UNKNOWN
 * by the engine), so the accuracy trend has points and the shrink report has units, value, GTINs and sections. Made by
 * the engine itself (reading sets through ingestion, validations as a user does them), as the inventory demo.
 *
 * Tag serials from 9.3 × 10^10 (clear of the other demos' and the simulator's).
 */
const SERIAL_BASE = 93_000_000_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Days ago of each weekly count and how many of the items it misses (the lost ones). */
const COUNTS = [
  { daysAgo: 26, missed: 4 },
  { daysAgo: 19, missed: 2 },
  { daysAgo: 12, missed: 5 },
  { daysAgo: 5, missed: 1 },
] as const;

export const seedShrinkDemo = async (db: Db): Promise<void> => {
  const sites = await demoSites(db);
  if (!sites) return;
  const { store } = sites;
  const companyId = store.companyId;
  const engine = createEngine({ db, pipeline: readingSetPipeline({ isHandlersOnly: true }) });
  const stockroom = await areaIdOf(db, store.id, 'Almacén tienda');
  const handheldId = await deviceIdOf(db, 'HH-T01-01');
  const handheld = handheldId ? await createIngestRepository(db).deviceById(handheldId) : undefined;
  const editor = await userIdOf(db, 'editor@demo.local');
  if (!stockroom || !handheld || !editor) return;
  const types = [...(await catalogStretch(db, companyId, 230, 4)), ...(await catalogStretch(db, companyId, 40, 4))];
  if (types.length < 8) return;
  const now = Date.now();
  const nextTag = createSerialTags({ companyPrefixLength: 7, serialBase: SERIAL_BASE });

  // The stock, as an entry five weeks ago left it.
  let onShelf: string[] = [];
  const rows = types.flatMap((type, i) =>
    Array.from({ length: 6 + ((i * 3) % 4) }, () => {
      const identity = demoItemIdentity(nextTag, companyId, type);
      onShelf.push(identity.epc);
      return {
        ...identity,
        state: ItemState.Stocked,
        areaId: stockroom,
        locationId: store.id,
        lastSeenAt: new Date(now - 35 * DAY),
      };
    }),
  );
  await db.insert(items).values(rows);

  // The handheld counts the stockroom: its sets go to the stockroom's open inventory.
  const inStockroom: IngestDevice = { ...handheld, areaId: stockroom };
  for (const [n, { daysAgo, missed }] of COUNTS.entries()) {
    const at = now - daysAgo * DAY;
    const inventoryId = await db.transaction((tx) =>
      insertInventory(tx, {
        companyId,
        locationId: store.id,
        areaId: stockroom,
        deviceId: null,
        createdBy: editor,
        startTime: new Date(at),
        itemTypeIds: types.map((t) => t.id),
      }),
    );
    // A different few missed each week (every n-th item from a shifting start).
    const step = Math.floor(onShelf.length / missed);
    const lost = new Set(Array.from({ length: missed }, (_, k) => onShelf[(n + k * step) % onShelf.length]));
    const read = onShelf.filter((epc) => !lost.has(epc));
    const readAt = at + 10 * 60_000;
    await ingestSet(engine, inStockroom, {
      id: randomUUID(),
      startTime: new Date(readAt - 5 * 60_000),
      endTime: new Date(readAt),
      codebar: null,
      reads: read.map((epc) => ({ epc, time: new Date(readAt), antenna: 1, rssi: -58 })),
    });
    await engine.transaction((scope) =>
      changeInventoryState(scope, {
        id: inventoryId,
        companyId,
        state: InventoryState.Validated,
        userId: editor,
        at: new Date(at + HOUR),
      }),
    );
    onShelf = read;
  }
};
