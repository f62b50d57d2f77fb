import { ItemState, ItemStatus, LiveTopic } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import { type ItemMoveEvent, type ItemStateValue, type ItemStatusNote, MoveReason } from '../engine/events.js';
import { availabilityRows } from './live.rules.js';

/** Issue 26: the `availability` rows of a transaction: where a status changed or STOCKED items came, left or moved. */

const move = (
  from: [state: ItemStateValue, location: number | null],
  to: [state: ItemStateValue, location: number | null],
): ItemMoveEvent => ({
  itemId: 1,
  epc: 'E1',
  from: { state: from[0], locationId: from[1], areaId: from[1] === null ? null : 1 },
  to: { state: to[0], locationId: to[1], areaId: to[1] === null ? null : 2 },
  why: MoveReason.Relocated,
  readingSetId: null,
  at: new Date(0),
});
const statusChange = (locationId: number | null): ItemStatusNote => ({
  itemId: 2,
  epc: 'E2',
  companyId: 1,
  locationId,
  areaId: null,
  state: ItemState.Stocked,
  from: ItemStatus.Sellable,
  to: ItemStatus.Damaged,
  at: new Date(0),
});
const companies = new Map([
  [10, 1],
  [20, 1],
]);

describe('availabilityRows', () => {
  it('one row per location of a status change or of a STOCKED item that came, left or changed area', () => {
    const rows = availabilityRows(
      [
        move([ItemState.Stocked, 10], [ItemState.Stocked, 10]),
        move([ItemState.Stocked, 10], [ItemState.Sold, 10]),
        move([ItemState.InTransit, null], [ItemState.Stocked, 20]),
      ],
      [statusChange(20), statusChange(null)],
      companies,
    );
    expect(rows).toEqual([
      { companyId: 1, locationId: 20, topic: LiveTopic.Availability, payload: { statuses: 1, moved: 1 } },
      { companyId: 1, locationId: 10, topic: LiveTopic.Availability, payload: { statuses: 0, moved: 2 } },
    ]);
  });

  it('none for moves that never touch STOCKED items (in transit to sold) or a location of no known company', () => {
    expect(availabilityRows([move([ItemState.InTransit, 10], [ItemState.Sold, 10])], [], companies)).toEqual([]);
    expect(availabilityRows([move([ItemState.Stocked, 99], [ItemState.Stocked, 99])], [], companies)).toEqual([]);
  });
});
