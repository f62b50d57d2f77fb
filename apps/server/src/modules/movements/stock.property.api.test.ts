import { randomBytes } from 'node:crypto';
import { ItemState, WorkingMode } from '@rfid/contract';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { areas, devices, items } from '../../db/schema/index.js';
import { demoWorld } from '../../test/demo-world.js';
import { readSet } from '../orders/inbound-fixtures.js';
import { addReader, createOutboundOrder } from './outbound-fixtures.js';

type Reader = { id: number; areaId: number; locationId: number };
type Op =
  | { kind: 'move'; forward: boolean; picks: number[]; missing: number }
  | { kind: 'sale'; picks: number[] }
  | { kind: 'return'; picks: number[] };

/**
 * Random sequences of movements (exit mode 1, entry modes 0/3, some tags lost on the way), POS
 * sales (4) and returns (5) over a pool of items, through the real engine and database. After
 * every step: each item is where a simple model says (state, area, location), a STOCKED item is
 * in exactly one area of its location and any other state in none, and the stock of every area
 * equals what entered it minus what left it.
 */
describe('stock moves across movements, sales and returns', () => {
  const demo = demoWorld();
  let readers: Record<'madExit' | 'madEntry' | 'storeExit' | 'storeEntry' | 'sale' | 'back', Reader>;
  let gtin: string;
  let typeId: number;
  let run = 0;

  beforeAll(async () => {
    gtin = demo.ids.gtins[0]?.gtin as string;
    typeId = demo.ids.gtins[0]?.id as number;
    const store = demo.locationId('T-MAD-01');
    const storeArea = demo.ids.areaOf['T-MAD-01'] as number;
    await addReader(demo.t.database.db, {
      companyId: demo.ids.companyId,
      serialNumber: 'PROP-T01-EXIT',
      mac: '02:00:00:00:01:11',
      locationId: store,
      areaId: storeArea,
      workingMode: WorkingMode.MovementExit,
    });
    await addReader(demo.t.database.db, {
      companyId: demo.ids.companyId,
      serialNumber: 'PROP-T01-RET',
      mac: '02:00:00:00:05:11',
      locationId: store,
      areaId: storeArea,
      workingMode: WorkingMode.Pos,
    });
    const bySerial = async (serialNumber: string): Promise<Reader> => {
      const [d] = await demo.t.database.db.select().from(devices).where(eq(devices.serialNumber, serialNumber));
      if (!d?.areaId) throw new Error(`reader ${serialNumber}`);
      return { id: d.id, areaId: d.areaId, locationId: d.locationId };
    };
    readers = {
      madExit: await bySerial('POR-MAD-EXP'),
      madEntry: await bySerial('TUN-MAD-01'),
      storeExit: await bySerial('PROP-T01-EXIT'),
      storeEntry: await bySerial('POR-T01-ENT'),
      sale: await bySerial('POS-T01-01'),
      back: await bySerial('PROP-T01-RET'),
    };
  });

  /** A reading set of the known items `itemIds` (no new tags) by `reader` in `workingMode`, with `codebar` or none. */
  const readItemsAt = (reader: Reader, codebar: string | null, itemIds: number[], workingMode: number) =>
    readSet(demo.t.database.db, demo.ids, {
      codebar,
      gtins: [],
      existingItemIds: itemIds,
      deviceId: reader.id,
      locationId: reader.locationId,
      areaId: reader.areaId,
      workingMode,
    });

  it('every item is in at most one area, and stock per area = entries − exits', async () => {
    const POOL = 6;
    const picks = fc.uniqueArray(fc.integer({ min: 0, max: POOL - 1 }), { minLength: 1, maxLength: 4 });
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('move' as const), forward: fc.boolean(), picks, missing: fc.integer({ min: 0, max: 2 }) }),
      fc.record({ kind: fc.constant('sale' as const), picks }),
      fc.record({ kind: fc.constant('return' as const), picks }),
    );

    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 6 }), async (ops) => {
        run += 1;
        const db = demo.t.database.db;
        const start = readers.madEntry;
        const pool = await db
          .insert(items)
          .values(
            Array.from({ length: POOL }, () => ({
              companyId: demo.ids.companyId,
              epc: randomBytes(12).toString('hex').toUpperCase(),
              scheme: 'sgtin-96',
              gtin,
              serial: String(Math.floor(Math.random() * 1e9)),
              itemTypeId: typeId,
              state: ItemState.Stocked,
              areaId: start.areaId,
              locationId: start.locationId,
            })),
          )
          .returning({ id: items.id });
        const itemIds = pool.map((p) => p.id);
        const model = new Map<number, { state: number; areaId: number | null }>(
          itemIds.map((id) => [id, { state: ItemState.Stocked, areaId: start.areaId }]),
        );
        const ledger = new Map<number, number>([[start.areaId, POOL]]); // entries − exits per area
        const leave = (id: number, state: number) => {
          const m = model.get(id);
          if (m?.state === ItemState.Stocked && m.areaId !== null) ledger.set(m.areaId, (ledger.get(m.areaId) ?? 0) - 1);
          model.set(id, { state, areaId: null });
        };
        const stock = (id: number, areaId: number) => {
          leave(id, ItemState.Stocked);
          model.set(id, { state: ItemState.Stocked, areaId });
          ledger.set(areaId, (ledger.get(areaId) ?? 0) + 1);
        };

        for (const [step, o] of ops.entries()) {
          const chosen = o.picks.map((i) => itemIds[i] as number);
          if (o.kind === 'move') {
            const from = o.forward ? readers.madExit : readers.storeExit;
            const to = o.forward ? readers.storeEntry : readers.madEntry;
            const code = `PROP-MOV-${run}-${step}`;
            await createOutboundOrder(demo.t, demo.admin, {
              kind: 'movement',
              origin: from.locationId,
              destination: to.locationId,
              code,
              boxes: [{ codebar: `${code}-A`, contents: [{ gtin, quantity: chosen.length }] }],
            });
            const out = await readItemsAt(from, `${code}-A`, chosen, WorkingMode.MovementExit);
            expect(out.claim).toBe('verification');
            for (const id of chosen) leave(id, ItemState.InTransit);
            const arrived = chosen.slice(0, Math.max(0, chosen.length - o.missing));
            const entry = await readItemsAt(to, `${code}-A`, arrived, o.forward ? WorkingMode.Movement : WorkingMode.Entry);
            expect(entry.claim).toBe('verification');
            for (const id of arrived) stock(id, to.areaId);
          } else {
            const reader = o.kind === 'sale' ? readers.sale : readers.back;
            const r = await readItemsAt(reader, null, chosen, o.kind === 'sale' ? WorkingMode.Sale : WorkingMode.Pos);
            expect(r.claim).toBe(o.kind === 'sale' ? 'pos-sale' : 'pos-return');
            for (const id of chosen) {
              const before = model.get(id)?.state;
              if (o.kind === 'sale' && before !== ItemState.Sold) leave(id, ItemState.Sold);
              if (o.kind === 'return' && before !== ItemState.Stocked) stock(id, reader.areaId);
            }
          }

          const rows = await db
            .select({
              id: items.id,
              state: items.state,
              areaId: items.areaId,
              locationId: items.locationId,
              areaLocation: areas.locationId,
            })
            .from(items)
            .leftJoin(areas, eq(areas.id, items.areaId))
            .where(inArray(items.id, itemIds));
          for (const row of rows) {
            expect({ state: row.state, areaId: row.areaId }).toEqual(model.get(row.id));
            if (row.state === ItemState.Stocked) {
              expect(row.areaId).not.toBeNull();
              expect(row.locationId).toBe(row.areaLocation);
            } else {
              expect(row.areaId).toBeNull();
              expect(row.locationId).toBeNull();
            }
          }
          const perArea = new Map<number, number>();
          for (const row of rows) if (row.areaId !== null) perArea.set(row.areaId, (perArea.get(row.areaId) ?? 0) + 1);
          for (const [areaId, expected] of ledger) expect(perArea.get(areaId) ?? 0).toBe(expected);
          expect([...perArea.values()].reduce((a, b) => a + b, 0)).toBe(rows.filter((r) => r.state === ItemState.Stocked).length);
        }
      }),
      { numRuns: 10 },
    );
    // Ten runs of up to a dozen movements, sales and returns each: seconds alone, more on a loaded machine.
  }, 120_000);
});
