import { LiveTopic } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import { type ItemMoveEvent, MoveReason } from '../engine/events.js';
import { isHeardBy, mergeLiveRows, rowsOfMoves, topicOfClaim } from './live.rules.js';

const move = (from: [number | null, number | null], to: [number | null, number | null], why: MoveReason): ItemMoveEvent => ({
  itemId: 1,
  epc: 'E1',
  from: { state: 0, locationId: from[0], areaId: from[1] },
  to: { state: 1, locationId: to[0], areaId: to[1] },
  why,
  readingSetId: null,
  at: new Date(0),
});

describe('live rows', () => {
  const companies = new Map([
    [10, 1],
    [20, 1],
  ]);

  it('one items row per location with counts per area, and a row of each topic the reasons change', () => {
    const rows = rowsOfMoves(
      [
        move([null, null], [10, 100], MoveReason.Verification),
        move([null, null], [10, 100], MoveReason.Verification),
        move([10, 101], [20, 200], MoveReason.PosSale),
        move([20, 200], [null, null], MoveReason.InventoryLost),
      ],
      companies,
    );
    const items10 = rows.find((r) => r.locationId === 10 && r.topic === LiveTopic.Items);
    expect(items10?.payload).toEqual({
      moved: 3,
      areas: [
        { area: 100, in: 2, out: 0 },
        { area: 101, in: 0, out: 1 },
      ],
      reasons: ['pos-sale', 'verification'],
    });
    const items20 = rows.find((r) => r.locationId === 20 && r.topic === LiveTopic.Items);
    expect(items20?.payload).toMatchObject({ moved: 2, areas: [{ area: 200, in: 1, out: 1 }] });
    const topicsAt = (locationId: number) =>
      rows
        .filter((r) => r.locationId === locationId)
        .map((r) => r.topic)
        .sort();
    expect(topicsAt(10)).toEqual(['items', 'orders', 'pos']);
    expect(topicsAt(20)).toEqual(['inventory', 'items', 'pos']);
  });

  it('leaves out locations of no known company and moves in no location', () => {
    expect(rowsOfMoves([move([null, null], [99, 1], MoveReason.Verification)], companies)).toEqual([]);
    expect(rowsOfMoves([move([null, null], [null, null], MoveReason.InventoryLost)], companies)).toEqual([]);
  });

  it('merges rows of one topic and location into one', () => {
    const merged = mergeLiveRows([
      { companyId: 1, locationId: 10, topic: 'orders', payload: { a: 1 } },
      { companyId: 1, locationId: 10, topic: 'orders', payload: { b: 2 } },
      { companyId: 1, locationId: 20, topic: 'orders', payload: {} },
    ]);
    expect(merged).toEqual([
      { companyId: 1, locationId: 10, topic: 'orders', payload: { a: 1, b: 2 } },
      { companyId: 1, locationId: 20, topic: 'orders', payload: {} },
    ]);
  });

  it('a user hears their company, their locations and the company-wide rows', () => {
    const store = { companyId: 1, locationIds: [10] };
    expect(isHeardBy({ companyId: 1, locationId: 10 }, store)).toBe(true);
    expect(isHeardBy({ companyId: 1, locationId: 20 }, store)).toBe(false);
    expect(isHeardBy({ companyId: 1, locationId: null }, store)).toBe(true);
    expect(isHeardBy({ companyId: 2, locationId: 10 }, store)).toBe(false);
    expect(isHeardBy({ companyId: 1, locationId: 20 }, { companyId: 1, locationIds: null })).toBe(true);
  });

  it('claims name their topics', () => {
    expect(topicOfClaim('verification')).toBe(LiveTopic.Orders);
    expect(topicOfClaim('cabinet')).toBe(LiveTopic.Inventory);
    expect(topicOfClaim('pos-return')).toBe(LiveTopic.Pos);
    expect(topicOfClaim(null)).toBeNull();
  });
});
