import { BoxStatus, OrderStatus } from '@rfid/contract';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { boxes, orders, verificationLines, verifications } from '../../db/schema/index.js';
import { demoWorld } from '../../test/demo-world.js';
import { createDemoPurchaseOrder, readSet } from '../orders/inbound-fixtures.js';

/**
 * The test's own oracle, written from docs/design.md §6 and not from verification.rules.ts (the code under test): the
 * GTINs read, counted; a box read is without errors when every GTIN it expects or was read has as many reads as it
 * expects, and unchecked when not read; an order side is unchecked while no box is verified, checking while some are,
 * and, once all are, with errors when any box has errors.
 */
const tally = (read: readonly (string | null)[]): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const gtin of read) if (gtin !== null) counts.set(gtin, (counts.get(gtin) ?? 0) + 1);
  return counts;
};
const expectedBoxStatus = (contents: readonly { gtin: string; quantity: number }[], read: readonly (string | null)[] | null) => {
  if (read === null) return BoxStatus.Unchecked;
  const counts = tally(read);
  const isExact =
    contents.every((c) => counts.get(c.gtin) === c.quantity) &&
    [...counts.keys()].every((g) => contents.some((c) => c.gtin === g));
  return isExact ? BoxStatus.CheckedWithoutErrors : BoxStatus.CheckedWithErrors;
};
const expectedOrderStatus = (boxStatuses: readonly number[]) => {
  const verified = boxStatuses.filter((status) => status !== BoxStatus.Unchecked);
  if (verified.length === 0) return OrderStatus.Unchecked;
  if (verified.length < boxStatuses.length) return OrderStatus.Checking;
  return verified.includes(BoxStatus.CheckedWithErrors) ? OrderStatus.CheckedWithErrors : OrderStatus.CheckedWithoutErrors;
};

/** Random orders and random read sets through the real engine and database. */
describe('verification engine properties', () => {
  const demo = demoWorld();
  let run = 0;
  beforeAll(async () => {});

  it('per-GTIN real counts equal the decoded GTINs read; box and order statuses are those the design gives', async () => {
    const pool = demo.ids.gtins.slice(0, 4).map((g) => g.gtin);
    const gtin = fc.constantFrom(...pool);
    const box = fc.record({
      contents: fc.uniqueArray(fc.record({ gtin, quantity: fc.integer({ min: 1, max: 3 }) }), {
        minLength: 1,
        maxLength: 3,
        selector: (c) => c.gtin,
      }),
      // null: the box is not read; otherwise the GTINs read (null = a non-GS1 tag)
      read: fc.option(fc.array(fc.option(gtin, { freq: 8 }), { maxLength: 8 }), { freq: 4 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(box, { minLength: 1, maxLength: 3 }), async (spec) => {
        run += 1;
        const code = `PROP-${run}`;
        const { orderId, boxIds } = await createDemoPurchaseOrder(demo.t, demo.admin, demo.ids, {
          location: 'CD-MAD',
          code,
          boxes: spec.map((b, i) => ({ codebar: `${code}-${i}`, contents: b.contents })),
        });
        for (const [i, b] of spec.entries()) {
          if (b.read === null) continue;
          const { claim } = await readSet(demo.t.database.db, demo.ids, { codebar: `${code}-${i}`, gtins: b.read });
          expect(claim).toBe('verification');
          const [v] = await demo.t.database.db
            .select()
            .from(verifications)
            .where(eq(verifications.boxId, boxIds[i] as number));
          const lines = await demo.t.database.db
            .select()
            .from(verificationLines)
            .where(eq(verificationLines.verificationId, v?.id as number));
          const counts = tally(b.read);
          for (const line of lines) expect(line.real).toBe(counts.get(line.gtin) ?? 0);
          for (const [g, n] of counts) expect(lines.find((l) => l.gtin === g)?.real).toBe(n);
          expect(v?.realItemCount).toBe(b.read.length);
        }
        const boxRows = await demo.t.database.db
          .select({ id: boxes.id, status: boxes.destinationStatus })
          .from(boxes)
          .where(inArray(boxes.id, boxIds));
        const expectedBoxes = spec.map((b) => expectedBoxStatus(b.contents, b.read));
        expect(boxIds.map((id) => boxRows.find((row) => row.id === id)?.status)).toEqual(expectedBoxes);
        const [order] = await demo.t.database.db.select().from(orders).where(eq(orders.id, orderId));
        expect(order?.destinationStatus).toBe(expectedOrderStatus(expectedBoxes));
      }),
      { numRuns: 12 },
    );
  });
});
