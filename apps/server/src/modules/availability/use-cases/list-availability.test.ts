import { describe, expect, it } from 'vitest';
import { notFound } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { AvailabilityFilters } from '../availability.repository.js';
import { availabilityFeed, type ListAvailabilityRepository, listAvailability } from './list-availability.js';
import { listStatusChanges } from './list-status-changes.js';

const USER: AuthUser = {
  id: 1,
  companyId: 1,
  role: 5,
  editor: false,
  email: 'u@x',
  locationIds: [10],
  assignedLocationIds: [10],
  tokenHash: '',
};
const row = {
  gtin: 'G',
  description: 'd',
  model: 'm',
  size: 'M',
  colour: 'c',
  section: 's',
  in_stock: 3,
  on_floor: 2,
  in_stockroom: 1,
  sellable: 2,
  reserved: 1,
  available_to_promise: 2,
};

const fakeRepo = (filters: AvailabilityFilters[]): ListAvailabilityRepository => ({
  async location(_user, id) {
    if (id !== 10) throw notFound('location.not_found');
    return {};
  },
  async availabilityPage(_location, f) {
    filters.push(f);
    return { count: 1, rows: [row] };
  },
  async availabilityAll(_location, f) {
    filters.push(f);
    return [row];
  },
});

describe('availability use cases', () => {
  it('pages the rows of a location the user sees, empty filters left out', async () => {
    const filters: AvailabilityFilters[] = [];
    const page = { limit: 20, offset: 0 };
    expect(await listAvailability(fakeRepo(filters), USER, { locationId: 10, query: { gtin: '', model: 'm' }, page })).toEqual({
      count: 1,
      results: [row],
    });
    expect(filters).toEqual([{ gtin: undefined, model: 'm', section: undefined }]);
    expect(await availabilityFeed(fakeRepo(filters), USER, { locationId: 10, query: {} })).toEqual([row]);
  });

  it('refuses a location the user does not see (404)', async () => {
    await expect(
      listAvailability(fakeRepo([]), USER, { locationId: 11, query: {}, page: { limit: 1, offset: 0 } }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(availabilityFeed(fakeRepo([]), USER, { locationId: 11, query: {} })).rejects.toMatchObject({ status: 404 });
  });

  it("lists an item's status changes only when the user sees the item", async () => {
    const at = new Date('2026-11-29T10:00:00Z');
    const repo = {
      visibleItem: async (_u: AuthUser, id: number) => (id === 1 ? 1 : undefined),
      statusChanges: async () => ({
        count: 1,
        rows: [{ id: 9, from_status: 0, to_status: 2, reference: null, reason: 'user', user_email: 'a@b', location_id: 10, at }],
      }),
    };
    const page = { limit: 20, offset: 0 };
    expect(await listStatusChanges(repo, USER, { itemId: 1, page })).toEqual({
      count: 1,
      results: [
        { id: 9, from_status: 0, to_status: 2, reference: null, reason: 'user', user: 'a@b', location: 10, at: at.toISOString() },
      ],
    });
    await expect(listStatusChanges(repo, USER, { itemId: 2, page })).rejects.toMatchObject({ status: 404 });
  });
});
