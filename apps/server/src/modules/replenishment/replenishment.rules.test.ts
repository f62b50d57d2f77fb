import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterMove, floorTargetOf, isNosbos, isPickable, pickQuantities } from './replenishment.rules.js';

const counts = fc.record({
  target: fc.integer({ min: 0, max: 50 }),
  onFloor: fc.integer({ min: 0, max: 60 }),
  inStockroom: fc.integer({ min: 0, max: 60 }),
});

describe('the pick list rule', () => {
  it('asks for what the floor misses, as far as the stockroom holds it', () => {
    expect(pickQuantities({ target: 3, onFloor: 1, inStockroom: 5 })).toEqual({ missing: 2, toPick: 2 });
    expect(pickQuantities({ target: 3, onFloor: 0, inStockroom: 1 })).toEqual({ missing: 3, toPick: 1 });
    expect(pickQuantities({ target: 1, onFloor: 4, inStockroom: 9 })).toEqual({ missing: 0, toPick: 0 });
    expect(pickQuantities({ target: 2, onFloor: 0, inStockroom: 0 })).toEqual({ missing: 2, toPick: 0 });
    expect(isPickable({ target: 1, onFloor: 0, inStockroom: 1 })).toBe(true);
    expect(isPickable({ target: 0, onFloor: 0, inStockroom: 1 })).toBe(false);
  });

  it("takes the GTIN's target, else its section's, else the store's default", () => {
    expect(floorTargetOf({ gtinTarget: 4, sectionTarget: 2, storeDefault: 1 })).toBe(4);
    expect(floorTargetOf({ gtinTarget: null, sectionTarget: 2, storeDefault: 1 })).toBe(2);
    expect(floorTargetOf({ gtinTarget: null, sectionTarget: null, storeDefault: 1 })).toBe(1);
    expect(floorTargetOf({ gtinTarget: 0, sectionTarget: 2, storeDefault: 1 })).toBe(0);
  });

  it('counts NOSBOS: none on the floor, some in the stockroom', () => {
    expect(isNosbos({ onFloor: 0, inStockroom: 2 })).toBe(true);
    expect(isNosbos({ onFloor: 1, inStockroom: 2 })).toBe(false);
    expect(isNosbos({ onFloor: 0, inStockroom: 0 })).toBe(false);
  });

  it('property: a pick list never asks for more than the stockroom holds, nor for less than nothing', () => {
    fc.assert(
      fc.property(counts, (c) => {
        const { missing, toPick } = pickQuantities(c);
        expect(toPick).toBeLessThanOrEqual(c.inStockroom);
        expect(toPick).toBeLessThanOrEqual(missing);
        expect(toPick).toBeGreaterThanOrEqual(0);
        expect(missing).toBe(Math.max(0, c.target - c.onFloor));
        expect(isPickable(c)).toBe(toPick > 0);
      }),
    );
  });

  it('property: an item moved by replenishment is counted once (floor + stockroom is conserved)', () => {
    fc.assert(
      fc.property(counts, fc.integer({ min: 0, max: 80 }), (c, moved) => {
        const after = afterMove(c, moved);
        expect(after.onFloor + after.inStockroom).toBe(c.onFloor + c.inStockroom);
        expect(after.inStockroom).toBeGreaterThanOrEqual(0);
        // Picking what the list asked for and seeing it on the floor leaves nothing to pick unless the stockroom ran short.
        const { toPick } = pickQuantities(c);
        const worked = pickQuantities(afterMove(c, toPick));
        expect(worked.toPick).toBeLessThanOrEqual(pickQuantities(c).toPick);
        if (toPick === pickQuantities(c).missing) expect(worked.missing).toBe(0);
      }),
    );
  });
});
