import { itemStateName } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import { normalizeEpcQuery, toItemDto } from './tracking.service.js';

describe('tracking rules', () => {
  it('reads an EPC as typed: spaces removed, hex in upper case', () => {
    expect(normalizeEpcQuery(' 3074 257b f719\t4e40 0000 1a85 ')).toBe('3074257BF7194E4000001A85');
  });

  it('names the item states as the spec writes them', () => {
    expect([0, 1, 2, 3, 4].map(itemStateName)).toEqual(['STOCKED', 'UNKNOW', 'IN TRANSIT', 'SOLD', 'RETURNED TO SUPPLIER']);
    expect(itemStateName(9)).toBe('9');
  });

  it('answers an item with its area and location names, or no area', () => {
    const base = {
      id: 1,
      epc: 'AAAA',
      scheme: 'unknown',
      gtin: null,
      serial: null,
      itemTypeId: null,
      description: null,
      state: 1,
      locationId: 3,
      lastSeenAt: new Date('2026-11-20T10:00:00Z'),
      status: 3,
      statusRef: 'WEB-1',
    };
    expect(toItemDto({ ...base, areaId: 7, areaDescription: 'Caja', areaLocationDescription: 'Tienda' })).toMatchObject({
      state_name: 'UNKNOW',
      area: { id: 7, description: 'Caja', location_description: 'Tienda' },
      last_seen_at: '2026-11-20T10:00:00.000Z',
      status: 3,
      status_ref: 'WEB-1',
    });
    expect(toItemDto({ ...base, areaId: null, areaDescription: null, areaLocationDescription: null }).area).toBeNull();
  });
});
