import { ItemState, ItemStatus } from '@rfid/contract';
import { createSerialTags } from '@rfid/epc';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import { itemStatusChanges, items } from '../schema/index.js';
import { areaIdOf, catalogStretch, demoItemIdentity, demoSites, userIdOf } from './demo-lookups.js';

/**
 * Demo of the store floor's availability (issue 26; docs/store-floor/availability.md), after the inventory demo:
 *
 * - T-MAD-01 "Almacén tienda" (stockroom): 2 to 4 more units of each of the 6 GTINs the inventory demo put on the
 *   "Sala de ventas" (sales floor), so availability shows stock on the floor and in the stockroom of the same GTINs.
 * - Statuses of some floor items, each with its history row: 2 damaged, 2 reserved for online orders (WEB-2026-0042 and
 *   WEB-2026-0043), 3 on display and 1 in quarantine: sellable and available to promise drop below the stock.
 *
 * Tags' serials start at 7.66 × 10^10, clear of the other demos' (stock 7.7, returns 7.8, inventory 9.0 × 10^10).
 */
const SERIAL_BASE = 76_600_000_000;
const DAY = 86_400_000;

/** The statuses given to floor items, in the order of their EPCs. */
const STATUSES: { status: ItemStatus; reference: string | null }[] = [
  { status: ItemStatus.Damaged, reference: null },
  { status: ItemStatus.Reserved, reference: 'WEB-2026-0042' },
  { status: ItemStatus.OnDisplay, reference: null },
  { status: ItemStatus.Damaged, reference: 'Costura abierta' },
  { status: ItemStatus.Reserved, reference: 'WEB-2026-0043' },
  { status: ItemStatus.OnDisplay, reference: null },
  { status: ItemStatus.Quarantine, reference: 'Revisión de calidad' },
  { status: ItemStatus.OnDisplay, reference: null },
];

export const seedAvailabilityDemo = async (db: Db): Promise<void> => {
  const sites = await demoSites(db);
  if (!sites) return;
  const { store } = sites;
  const companyId = store.companyId;
  const floor = await areaIdOf(db, store.id, 'Sala de ventas');
  const stockroom = await areaIdOf(db, store.id, 'Almacén tienda');
  const admin = (await userIdOf(db, 'admin@demo.local')) ?? null;
  if (!floor || !stockroom) return;
  // The inventory demo's floor GTINs (inventory-demo.ts: its stretch from 200, types 10 to 15).
  const types = await catalogStretch(db, companyId, 210, 6);
  if (types.length === 0) return;
  const now = Date.now();
  await db.transaction(async (tx) => {
    const nextTag = createSerialTags({ companyPrefixLength: 7, serialBase: SERIAL_BASE });
    await tx.insert(items).values(
      types.flatMap((type, i) =>
        Array.from({ length: 2 + (i % 3) }, () => ({
          ...demoItemIdentity(nextTag, companyId, type),
          state: ItemState.Stocked,
          areaId: stockroom,
          locationId: store.id,
          lastSeenAt: new Date(now - (1 + i) * DAY),
        })),
      ),
    );
    const onFloor = await tx
      .select({ id: items.id, epc: items.epc })
      .from(items)
      .where(
        and(
          eq(items.areaId, floor),
          eq(items.state, ItemState.Stocked),
          inArray(
            items.gtin,
            types.slice(0, 3).map((t) => t.gtin),
          ),
        ),
      )
      .orderBy(asc(items.epc))
      .limit(STATUSES.length);
    for (const [i, item] of onFloor.entries()) {
      const { status, reference } = STATUSES[i] ?? { status: ItemStatus.Sellable, reference: null };
      await tx.update(items).set({ status, statusRef: reference }).where(eq(items.id, item.id));
      await tx.insert(itemStatusChanges).values({
        companyId,
        itemId: item.id,
        epc: item.epc,
        fromStatus: ItemStatus.Sellable,
        toStatus: status,
        reference,
        reason: 'user',
        userId: admin,
        locationId: store.id,
        at: new Date(now - (i + 1) * 3_600_000),
      });
    }
  });
};
