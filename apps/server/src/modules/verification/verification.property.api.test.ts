import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxes, orders, verificationLines, verifications } from '../../db/schema/index.js';
import type { TestApp } from '../../test/helpers.js';
import { createDemoPurchaseOrder, type InboundIds, openDemoApp, readSet } from '../orders/inbound-fixtures.js';
import { countByGtin, orderSideStatus } from './verification.rules.js';

/** Random orders and random read sets through the real engine and database. */
describe('verification engine properties', () => {
  let t: TestApp;
  let ids: InboundIds;
  let admin: string;
  let run = 0;
  beforeAll(async () => {
    ({ t, ids, admin } = await openDemoApp());
  });
  afterAll(async () => t.close());

  it('per-GTIN real counts equal the decoded GTINs read, and the order status follows from the box statuses', async () => {
    const pool = ids.gtins.slice(0, 4).map((g) => g.gtin);
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
        const { orderId, boxIds } = await createDemoPurchaseOrder(t, admin, ids, {
          location: 'CD-MAD',
          code,
          boxes: spec.map((b, i) => ({ codebar: `${code}-${i}`, contents: b.contents })),
        });
        for (const [i, b] of spec.entries()) {
          if (b.read === null) continue;
          const { claim } = await readSet(t.database.db, ids, { codebar: `${code}-${i}`, gtins: b.read });
          expect(claim).toBe('verification');
          const [v] = await t.database.db
            .select()
            .from(verifications)
            .where(eq(verifications.boxId, boxIds[i] as number));
          const lines = await t.database.db
            .select()
            .from(verificationLines)
            .where(eq(verificationLines.verificationId, v?.id as number));
          const counts = countByGtin(b.read);
          for (const line of lines) expect(line.real).toBe(counts.get(line.gtin) ?? 0);
          for (const [g, n] of counts) expect(lines.find((l) => l.gtin === g)?.real).toBe(n);
          expect(v?.realItemCount).toBe(b.read.length);
        }
        const boxStatuses = await t.database.db
          .select({ status: boxes.destinationStatus })
          .from(boxes)
          .where(inArray(boxes.id, boxIds));
        const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
        expect(order?.destinationStatus).toBe(orderSideStatus(boxStatuses.map((b) => b.status)));
      }),
      { numRuns: 12 },
    );
  });
});
