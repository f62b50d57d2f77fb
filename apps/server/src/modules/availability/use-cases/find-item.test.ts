import { ItemStatus } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import { notFound } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { LastSeenRow, StoreCountRow } from '../availability.repository.js';
import { type FindItemRepository, findItem, locateItem } from './find-item.js';

const USER: AuthUser = {
  id: 1,
  companyId: 1,
  role: 3,
  editor: true,
  email: 'u@x',
  locationIds: [10, 20],
  assignedLocationIds: [10, 20],
  tokenHash: '',
};

const types = [
  { gtin: 'G-M', description: 'Camisa M', model: 'Oxford', size: 'M', colour: 'Azul' },
  { gtin: 'G-L', description: 'Camisa L', model: 'Oxford', size: 'L', colour: 'Azul' },
];
const count = (gtin: string, location: number, onFloor: number, inStockroom: number): StoreCountRow => ({
  gtin,
  location_id: location,
  description: `Tienda ${location}`,
  code: `T-${location}`,
  on_floor: onFloor,
  in_stockroom: inStockroom,
  in_stock: onFloor + inStockroom,
});
const seen = (gtin: string, epc: string): LastSeenRow => ({
  item_id: 1,
  epc,
  gtin,
  status: ItemStatus.Sellable,
  location_id: 10,
  location_description: 'Tienda 10',
  area_id: 5,
  area_description: 'Sala de ventas',
  device: 'HH-1',
  at: new Date('2026-11-29T09:00:00Z'),
});

const fakeRepo = (asked: string[] = []): FindItemRepository => ({
  async location(_user, id) {
    if (!USER.locationIds?.includes(id)) throw notFound('location.not_found');
    return {};
  },
  async itemTypes(_company, by) {
    asked.push(JSON.stringify(by));
    return 'gtin' in by ? types.filter((t) => t.gtin === by.gtin) : types.filter((t) => t.model === by.model);
  },
  async storeCounts(_user, gtins) {
    return [count('G-M', 10, 2, 1), count('G-M', 20, 0, 4), count('G-L', 20, 1, 0)].filter((c) => gtins.includes(c.gtin));
  },
  async lastSeen(_location, gtins) {
    return [seen('G-M', 'E1')].filter((s) => gtins.includes(s.gtin as string));
  },
  async itemOfEpc(_user, epc) {
    return epc === 'E1' ? seen('G-M', 'E1') : undefined;
  },
  async latestReads() {
    return [{ at: new Date('2026-11-29T09:00:01Z'), rssi: -50, antenna: 1, device: 'HH-1' }];
  },
});

describe('findItem', () => {
  it('answers every size of a model with its counts here and in the other stores', async () => {
    const answer = await findItem(fakeRepo(), USER, { model: 'Oxford', location: 10 });
    expect(answer.types.map((t) => [t.gtin, t.here?.on_floor ?? null, t.others.map((o) => o.location)])).toEqual([
      ['G-M', 2, [20]],
      ['G-L', null, [20]],
    ]);
    expect(answer.types[0]?.last_seen[0]).toMatchObject({ epc: 'E1', area_description: 'Sala de ventas', device: 'HH-1' });
  });

  it("finds an EPC (typed with spaces, lower case) by its item's GTIN", async () => {
    const asked: string[] = [];
    const answer = await findItem(fakeRepo(asked), USER, { epc: ' e1 ' });
    expect(asked).toEqual([JSON.stringify({ gtin: 'G-M' })]);
    expect(answer.item).toMatchObject({ epc: 'E1' });
    expect(answer.types[0]?.here).toBeNull();
  });

  it('answers nothing for an unknown EPC, and a GTIN out of the catalogue by its items', async () => {
    expect(await findItem(fakeRepo(), USER, { epc: 'E9' })).toEqual({ location: null, types: [], item: null });
    const answer = await findItem(fakeRepo(), USER, { gtin: 'G-X' });
    expect(answer.types).toEqual([expect.objectContaining({ gtin: 'G-X', description: '', others: [] })]);
  });

  it('refuses a store the user does not see (404)', async () => {
    await expect(findItem(fakeRepo(), USER, { gtin: 'G-M', location: 99 })).rejects.toMatchObject({ status: 404 });
  });
});

describe('locateItem', () => {
  it("answers the item's latest reads with their RSSI, or none for an EPC it does not know", async () => {
    expect(await locateItem(fakeRepo(), USER, { epc: 'e1' })).toEqual({
      epc: 'E1',
      found: true,
      reads: [{ at: '2026-11-29T09:00:01.000Z', rssi: -50, antenna: 1, device: 'HH-1' }],
    });
    expect(await locateItem(fakeRepo(), USER, { epc: 'E9' })).toEqual({ epc: 'E9', found: false, reads: [] });
  });
});
