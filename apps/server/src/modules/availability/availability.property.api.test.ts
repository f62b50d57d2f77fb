import { AREA_KINDS, ITEM_STATUSES, ItemState, LocationKind } from '@rfid/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas, items, locations } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { createAvailabilityRepository } from './availability.repository.js';
import { type AvailabilityItem, availabilityOf } from './availability.rules.js';

/**
 * Issue 26, "Must show": availability never exceeds stock. For random item sets (states, statuses, area kinds), the
 * rules (availability.rules.ts) and the SQL (availability.repository.ts, against a real database) give the same counts,
 * and every count holds the bounds: available ≤ sellable ≤ in stock, reserved + sellable ≤ in stock,
 * on floor + in stockroom ≤ in stock.
 */

const GTINS = ['08400000000017', '08400000000024', '08400000000031'];
const itemArb = fc.record({
  gtin: fc.constantFrom(...GTINS),
  state: fc.constantFrom(...Object.values(ItemState)),
  status: fc.constantFrom(...ITEM_STATUSES),
  // null: in no area.
  areaKind: fc.option(fc.constantFrom(...AREA_KINDS), { freq: 6 }),
});

const expectBounds = (counts: ReturnType<typeof availabilityOf>) => {
  for (const c of counts.values()) {
    expect(c.available_to_promise).toBeLessThanOrEqual(c.sellable);
    expect(c.sellable).toBeLessThanOrEqual(c.in_stock);
    expect(c.sellable + c.reserved).toBeLessThanOrEqual(c.in_stock);
    expect(c.on_floor + c.in_stockroom).toBeLessThanOrEqual(c.in_stock);
    for (const value of Object.values(c)) expect(value).toBeGreaterThanOrEqual(0);
  }
};

describe('availability never exceeds stock', () => {
  it('holds for the rules on any item set', () => {
    fc.assert(
      fc.property(fc.array(itemArb, { maxLength: 60 }), (set: AvailabilityItem[]) => {
        const counts = availabilityOf(set);
        expectBounds(counts);
        const stocked = set.filter((i) => i.state === ItemState.Stocked).length;
        expect([...counts.values()].reduce((n, c) => n + c.in_stock, 0)).toBe(stocked);
      }),
      { numRuns: 300 },
    );
  });

  describe('and the SQL agrees with the rules', () => {
    let t: TestApp;
    let locationId: number;
    let companyId: number;
    const areaOfKind = new Map<string, number>();
    beforeAll(async () => {
      t = await buildTestApp();
      const db = t.database.db;
      const [store] = await db.select().from(locations).where(eq(locations.code, 'T-MAD-01'));
      companyId = store?.companyId as number;
      const [lab] = await db
        .insert(locations)
        .values({
          companyId,
          kind: LocationKind.Store,
          description: 'Tienda de propiedades',
          code: 'T-PROP-01',
          timeZone: store?.timeZone as string,
        })
        .returning();
      locationId = lab?.id as number;
      for (const kind of AREA_KINDS) {
        const [area] = await db
          .insert(areas)
          .values({ locationId, description: `Zona ${kind}`, kind })
          .returning();
        areaOfKind.set(kind, area?.id as number);
      }
    });
    afterAll(async () => t.close());

    it('gives the rules’ counts for random item sets', async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(itemArb, { minLength: 1, maxLength: 25 }), async (set) => {
          run += 1;
          const db = t.database.db;
          await db.delete(items).where(eq(items.locationId, locationId));
          await db.insert(items).values(
            set.map((item, i) => ({
              companyId,
              epc: `FFFF${String(run).padStart(6, '0')}${String(i).padStart(4, '0')}`,
              scheme: 'sgtin-96',
              gtin: item.gtin,
              state: item.state,
              status: item.status,
              areaId: item.areaKind === null ? null : (areaOfKind.get(item.areaKind) ?? null),
              locationId,
            })),
          );
          const rows = await createAvailabilityRepository(db).availabilityAll(locationId, {});
          const expected = availabilityOf(set);
          const actual = new Map(rows.map(({ gtin, description, model, size, colour, section, ...counts }) => [gtin, counts]));
          expect(actual).toEqual(expected);
          expectBounds(actual);
        }),
        { numRuns: 25 },
      );
    });
  });
});
