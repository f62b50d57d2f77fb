import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boxStatusFor,
  compareWithExpected,
  countByGtin,
  isBoxVerified,
  linePercent,
  orderSideStatus,
} from './verification.rules.js';

const A = '08437012000011';
const B = '08437012000028';
const C = '08437012000035';

describe('verification rules', () => {
  it('compares expected with read per GTIN, extra GTINs included, ordered by GTIN', () => {
    const r = compareWithExpected(
      [
        { gtin: B, itemTypeId: 2, quantity: 2 },
        { gtin: A, itemTypeId: 1, quantity: 1 },
      ],
      [
        { gtin: A, itemTypeId: 1 },
        { gtin: B, itemTypeId: 2 },
        { gtin: C, itemTypeId: 3 },
        { gtin: null, itemTypeId: null },
      ],
    );
    expect(r.lines).toEqual([
      { gtin: A, itemTypeId: 1, expected: 1, real: 1 },
      { gtin: B, itemTypeId: 2, expected: 2, real: 1 },
      { gtin: C, itemTypeId: 3, expected: 0, real: 1 },
    ]);
    expect(r.realItemCount).toBe(4);
    expect(r.unknownItemCount).toBe(1);
    expect(r.matchedItemCount).toBe(2);
    expect(r.hasErrors).toBe(true);
  });

  it('has no errors when every GTIN matches, even with a non-GS1 tag read', () => {
    const r = compareWithExpected(
      [{ gtin: A, itemTypeId: 1, quantity: 1 }],
      [
        { gtin: A, itemTypeId: 1 },
        { gtin: null, itemTypeId: null },
      ],
    );
    expect(r.hasErrors).toBe(false);
  });

  it('box status: 0 without a counting verification, 1 with errors, 2 without', () => {
    expect(boxStatusFor(null)).toBe(0);
    expect(boxStatusFor({ hasErrors: true })).toBe(1);
    expect(boxStatusFor({ hasErrors: false })).toBe(2);
    expect(isBoxVerified(3)).toBe(false);
  });

  it('order side status: 0 none verified, 1 some, 2 all with an error, 3 all without, 4 stays canceled', () => {
    expect(orderSideStatus([])).toBe(0);
    expect(orderSideStatus([0, 0])).toBe(0);
    expect(orderSideStatus([2, 0])).toBe(1);
    expect(orderSideStatus([2, 1])).toBe(2);
    expect(orderSideStatus([2, 2])).toBe(3);
    expect(orderSideStatus([2, 2], 4)).toBe(4);
    expect(orderSideStatus([2, 4])).toBe(3);
  });

  it('line percent is real over expected capped at 100, 0 without expected', () => {
    expect(linePercent(2, 3)).toBe(66);
    expect(linePercent(5, 3)).toBe(100);
    expect(linePercent(1, 0)).toBe(0);
  });

  it('property: per-GTIN real counts equal the multiset of decoded GTINs', () => {
    const gtin = fc.constantFrom(A, B, C, null);
    fc.assert(
      fc.property(
        fc.array(fc.record({ gtin: fc.constantFrom(A, B, C), quantity: fc.integer({ min: 1, max: 5 }) }), { maxLength: 4 }),
        fc.array(gtin, { maxLength: 30 }),
        (expected, read) => {
          const r = compareWithExpected(
            expected.map((e) => ({ ...e, itemTypeId: null })),
            read.map((g) => ({ gtin: g, itemTypeId: null })),
          );
          const counts = countByGtin(read);
          for (const line of r.lines) expect(line.real).toBe(counts.get(line.gtin) ?? 0);
          for (const [g, n] of counts) expect(r.lines.find((l) => l.gtin === g)?.real).toBe(n);
          expect(r.hasErrors).toBe(r.lines.some((l) => l.expected !== l.real));
        },
      ),
    );
  });

  it('property: order status depends on the multiset of box statuses only (order-insensitive)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(0, 1, 2), { maxLength: 8 }), (statuses) => {
        const shuffled = [...statuses].reverse();
        const s = orderSideStatus(statuses);
        expect(orderSideStatus(shuffled)).toBe(s);
        if (statuses.every((x) => x === 2) && statuses.length) expect(s).toBe(3);
        if (statuses.every((x) => x === 0)) expect(s).toBe(0);
      }),
    );
  });
});
