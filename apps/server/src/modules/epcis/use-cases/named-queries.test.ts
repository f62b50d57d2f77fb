import { describe, expect, it } from 'vitest';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import type { EpcisQueriesRepository } from '../epcis-queries.repository.js';
import { createNamedQuery } from './create-named-query.js';
import { deleteNamedQuery } from './delete-named-query.js';
import { namedQueryRow } from './epcis-use-case-fixtures.js';
import { getNamedQuery } from './get-named-query.js';
import { listNamedQueries } from './list-named-queries.js';
import { namedQueryEvents } from './named-query-events.js';

describe('named queries (use cases)', () => {
  it('saves a query whose parameters the standard knows; a taken name is a 409', async () => {
    const saved: unknown[] = [];
    const repo: Pick<EpcisQueriesRepository, 'createQuery'> = {
      createQuery: async (companyId, _user, name, query) => {
        saved.push({ companyId, name, query });
        return name === 'taken' ? null : namedQueryRow({ name, query });
      },
    };
    expect(await createNamedQuery(repo, testUser(), { name: 'pallets', query: { eventType: ['AggregationEvent'] } })).toEqual({
      name: 'pallets',
      query: { eventType: ['AggregationEvent'] },
    });
    expect(saved).toEqual([{ companyId: 1, name: 'pallets', query: { eventType: ['AggregationEvent'] } }]);
    await expectStatus(createNamedQuery(repo, testUser(), { name: 'taken', query: {} }), 409);
    await expectStatus(createNamedQuery(repo, testUser(), { name: 'x', query: { eventType: ['CarrotEvent'] } }), 400);
    expect(saved).toHaveLength(2);
  });

  it("reads, lists, runs and deletes the company's queries; another's is a 404", async () => {
    const row = namedQueryRow();
    const deleted: number[] = [];
    const repo = {
      getQuery: async (companyId: number, name: string) => (companyId === 1 && name === 'pallets' ? row : undefined),
      listQueries: async () => [row, namedQueryRow({ id: 8, name: 'zeta' })],
      deleteQuery: async (_companyId: number, id: number) => {
        deleted.push(id);
      },
      searchEvents: async () => [],
      countEvents: async () => 0,
    };
    expect(await getNamedQuery(repo, testUser(), 'pallets')).toEqual({ name: 'pallets', query: row.query });
    await expectStatus(getNamedQuery(repo, testUser({ companyId: 2 }), 'pallets'), 404);
    const page = await listNamedQueries(repo, testUser(), { perPage: '1' });
    expect(page.queries.map((q) => q.name)).toEqual(['pallets']);
    expect(page.next).not.toBeNull();
    expect(await namedQueryEvents(repo, testUser(), 'pallets', {})).toEqual({ events: [], next: null });
    await expectStatus(deleteNamedQuery(repo, testUser({ companyId: 2 }), 'pallets'), 404);
    await deleteNamedQuery(repo, testUser(), 'pallets');
    expect(deleted).toEqual([7]);
  });
});
