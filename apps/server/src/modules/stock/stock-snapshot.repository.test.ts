import { describe, expect, it } from 'vitest';
import { toSnapshotRows } from './stock-snapshot.repository.js';

describe('snapshot rows', () => {
  it('one row per area and one total per location (the sum of its areas, its theoretical stock)', () => {
    const rows = toSnapshotRows(
      [
        { locationId: 1, areaId: 10, quantity: 4 },
        { locationId: 1, areaId: 11, quantity: 6 },
        { locationId: 2, areaId: 20, quantity: 0 },
      ],
      new Map([[1, 12]]),
      [1, 2, 3],
    );
    expect(rows).toEqual([
      { locationId: 1, areaId: 10, quantity: 4, theoreticalQuantity: 0 },
      { locationId: 1, areaId: 11, quantity: 6, theoreticalQuantity: 0 },
      { locationId: 2, areaId: 20, quantity: 0, theoreticalQuantity: 0 },
      { locationId: 1, areaId: null, quantity: 10, theoreticalQuantity: 12 },
      { locationId: 2, areaId: null, quantity: 0, theoreticalQuantity: 0 },
      { locationId: 3, areaId: null, quantity: 0, theoreticalQuantity: 0 },
    ]);
  });
});
