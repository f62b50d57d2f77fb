import { describe, expect, it } from 'vitest';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { fakeErpRepo, inventoryHead } from './erp-fixtures.js';
import { listInventoryFeed } from './list-inventory-feed.js';

const at = (iso: string) => Date.parse(iso) * 1000;
const heads = [
  inventoryHead({ id: 40, closed_us: at('2026-05-01T09:00:00Z') }),
  // Validated at the same microsecond as 40: after it by id.
  inventoryHead({ id: 41, closed_us: at('2026-05-01T09:00:00Z') }),
  inventoryHead({ id: 42, closed_us: at('2026-05-02T09:00:00Z'), location_id: 3, code: 'T-BCN-01' }),
  inventoryHead({ id: 43, state: 0, closed_at: null, closed_us: null }),
];

describe('list inventory feed (use case)', () => {
  it('goes through the validated inventories once each, oldest first, by its cursor; then stays on the last one', async () => {
    const { repo } = fakeErpRepo({ heads });
    const seen: number[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 5; i++) {
      const page = await listInventoryFeed(repo, testUser(), { limit: 2, ...(cursor ? { cursor } : { since: '2026-01-01' }) });
      if (!page.results.length) {
        expect(page.next_cursor).toBe(cursor);
        break;
      }
      seen.push(...page.results.map((r) => r.id));
      cursor = page.next_cursor;
    }
    expect(seen).toEqual([40, 41, 42]);
    expect(cursor).toBe(`${at('2026-05-02T09:00:00Z')}_42`);
  });

  it('since a time: only those validated after it', async () => {
    const { repo, feedCalls } = fakeErpRepo({ heads });
    const page = await listInventoryFeed(repo, testUser(), { since: '2026-05-01T12:00:00Z' });
    expect(page.results.map((r) => r.id)).toEqual([42]);
    expect(feedCalls[0]).toEqual({ after: { us: at('2026-05-01T12:00:00Z'), id: 0 }, limit: 20 });
  });

  it('a location editor’s feed is their stores’; another location asked is 404', async () => {
    const { repo } = fakeErpRepo({ heads });
    const editor = testUser({ role: 3, locationIds: [2] });
    expect((await listInventoryFeed(repo, editor, {})).results.map((r) => r.id)).toEqual([40, 41]);
    await expectStatus(listInventoryFeed(repo, editor, { location: 3 }), 404);
  });
});
