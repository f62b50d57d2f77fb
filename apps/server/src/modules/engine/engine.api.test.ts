import { ItemState, WorkingMode } from '@rfid/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { addArea, itemsByEpc, stockItems } from '../inventory/inventory.fixtures.js';
import { createPurchaseOrder, type InboundIds, loadInboundIds, readSet } from '../orders/inbound-fixtures.js';
import { createEngine, type Engine } from './engine.js';
import { type ItemMoveEvent, MoveReason } from './events.js';
import type { Ledger } from './ledger.js';
import { type CommitHook, readingSetPipeline } from './pipeline.js';

/** A sale of no reading set: the items leave as SOLD. */
const sell = (ledger: Ledger, itemIds: number[]) =>
  ledger.move({
    items: itemIds,
    to: { state: ItemState.Sold, areaId: null, locationId: null },
    why: MoveReason.PosSale,
    readingSetId: null,
    at: new Date(),
    isSeen: false,
    isTraced: false,
  });

describe('engine: the pipeline, the ledger and its moves', () => {
  let t: TestApp;
  let ids: InboundIds;
  let admin: string;
  let engine: Engine;
  let received: ItemMoveEvent[][];
  beforeAll(async () => {
    t = await buildTestApp();
    ids = await loadInboundIds(t.database.db);
    admin = await t.login('admin@demo.local');
    received = [];
    // The app's handlers; as commit hook, one that records what every transaction gives its hooks.
    const record: CommitHook = async (_tx, moves) => {
      if (moves.length > 0) received.push([...moves]);
    };
    engine = createEngine({
      db: t.database.db,
      pipeline: { ...readingSetPipeline({ isHandlersOnly: true }), commitHooks: [{ name: 'record', run: record }] },
    });
  });
  afterAll(async () => t.close());

  it('lists the verification before the returns at entries and exits', () => {
    const names = (mode: number) => (readingSetPipeline().handlers[mode] ?? []).map((h) => h.name);
    expect(names(0)).toEqual(['verification', 'sale-return']);
    expect(names(1)).toEqual(['verification', 'provider-return']);
    expect(names(6)).toEqual(['verification', 'provider-return']);
    expect(names(3)).toEqual(['verification']);
  });

  it("runs the commit hooks in one order: live updates, stock alarms, then EPCIS (the app's); none for the seeders", () => {
    expect(readingSetPipeline().commitHooks.map((h) => h.name)).toEqual(['live', 'stock-alarms', 'epcis']);
    expect(readingSetPipeline({ isHandlersOnly: true }).commitHooks).toEqual([]);
  });

  it('a verified box gives the commit hooks one move per item moved, with where it was, where it is and why', async () => {
    const cdMad = ids.locations['CD-MAD'] as number;
    const area = ids.areaOf['CD-MAD'] as number;
    const gtin = ids.gtins[0]?.gtin as string;
    await createPurchaseOrder(t, admin, {
      locationId: cdMad,
      providerId: ids.providerId,
      code: 'EVT-1',
      boxes: [{ codebar: 'EVT-1-A', contents: [{ gtin, quantity: 2 }] }],
    });
    received = [];
    const at = new Date('2026-03-01T10:00:00Z');
    const { claim, setId, itemIds } = await readSet(t.database.db, ids, { codebar: 'EVT-1-A', gtins: [gtin, gtin], at, engine });
    expect(claim).toBe('verification');
    expect(received).toHaveLength(1);
    const events = received[0] ?? [];
    const epcs = await t.database.db.select({ id: items.id, epc: items.epc }).from(items).where(inArray(items.id, itemIds));
    expect(events.map((e) => e.itemId).sort()).toEqual([...itemIds].sort());
    for (const event of events) {
      expect(event).toEqual({
        itemId: event.itemId,
        epc: epcs.find((i) => i.id === event.itemId)?.epc,
        // A tag seen for the first time is an UNKNOWN item where the reader is, before the handler moves it.
        from: { state: ItemState.Unknown, areaId: area, locationId: cdMad },
        to: { state: ItemState.Stocked, areaId: area, locationId: cdMad },
        why: MoveReason.Verification,
        readingSetId: setId,
        at,
      });
    }
    // Read again (a second verification of the box): nothing changes place, so no event.
    received = [];
    await readSet(t.database.db, ids, { codebar: 'EVT-1-A', gtins: [], existingItemIds: itemIds, engine });
    expect(received).toEqual([]);
  });

  it('a cabinet snapshot moves the items found (STOCKED here) and the items lost (UNKNOWN, nowhere)', async () => {
    const cdMad = ids.locations['CD-MAD'] as number;
    const gtin = ids.gtins[3]?.gtin as string;
    const areaId = await addArea(t.database.db, { locationId: cdMad, description: 'EVT-cabinet' });
    const stocked = (
      await stockItems(t.database.db, { companyId: ids.companyId, locationId: cdMad, areaId, lines: [{ gtin, count: 3 }] })
    )[gtin] as string[];
    const byEpc = await itemsByEpc(t.database.db, stocked);
    const [kept, alsoKept, left] = stocked.map((epc) => byEpc.get(epc)?.id as number) as [number, number, number];
    received = [];
    const at = new Date('2026-03-02T10:00:00Z');
    const { claim, setId, itemIds } = await readSet(t.database.db, ids, {
      codebar: null,
      gtins: [gtin],
      existingItemIds: [kept, alsoKept],
      areaId,
      workingMode: WorkingMode.Cabinet,
      at,
      engine,
    });
    expect(claim).toBe('cabinet');
    const fresh = itemIds[0] as number;
    const events = received.flat();
    expect(events.map((e) => [e.itemId, e.why, e.from, e.to])).toEqual([
      [
        left,
        MoveReason.CabinetLost,
        { state: ItemState.Stocked, areaId, locationId: cdMad },
        { state: ItemState.Unknown, areaId: null, locationId: null },
      ],
      [
        fresh,
        MoveReason.CabinetFound,
        { state: ItemState.Unknown, areaId, locationId: cdMad },
        { state: ItemState.Stocked, areaId, locationId: cdMad },
      ],
    ]);
    expect(events.every((e) => e.readingSetId === setId && e.at.getTime() === at.getTime())).toBe(true);
  });

  it('a body that fails runs no commit hook and moves nothing', async () => {
    const { itemIds } = await readSet(t.database.db, ids, { codebar: null, gtins: [ids.gtins[1]?.gtin as string], engine });
    const itemId = itemIds[0] as number;
    const [before] = await t.database.db.select().from(items).where(eq(items.id, itemId));
    received = [];
    let seenInside: number | undefined;
    await expect(
      engine.transaction(async ({ ledger }) => {
        await sell(ledger, [itemId]);
        seenInside = received.length;
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(seenInside).toBe(0);
    expect(received).toEqual([]);
    const [after] = await t.database.db.select().from(items).where(eq(items.id, itemId));
    expect(after).toEqual(before);
  });

  it('the commit hooks run in the transaction, in order, before its commit: one that fails rolls it all back', async () => {
    const { itemIds } = await readSet(t.database.db, ids, { codebar: null, gtins: [ids.gtins[2]?.gtin as string], engine });
    const itemId = itemIds[0] as number;
    const [before] = await t.database.db.select().from(items).where(eq(items.id, itemId));
    const ran: string[] = [];
    const stateInside: number[] = [];
    const local = createEngine({
      db: t.database.db,
      pipeline: {
        ...readingSetPipeline({ isHandlersOnly: true }),
        commitHooks: [
          {
            name: 'sees',
            run: async (tx) => {
              ran.push('sees');
              const [row] = await tx.select({ state: items.state }).from(items).where(eq(items.id, itemId));
              stateInside.push(row?.state ?? -1);
            },
          },
          {
            name: 'fails',
            run: async () => {
              ran.push('fails');
              throw new Error('hook down');
            },
          },
          { name: 'never', run: async () => void ran.push('never') },
        ],
      },
    });
    await expect(local.transaction(({ ledger }) => sell(ledger, [itemId]))).rejects.toThrow('hook down');
    expect(ran).toEqual(['sees', 'fails']);
    // The first hook saw the sale (inside the transaction); the failure of the second undid it.
    expect(stateInside).toEqual([ItemState.Sold]);
    const [after] = await t.database.db.select().from(items).where(eq(items.id, itemId));
    expect(after).toEqual(before);
  });
});
