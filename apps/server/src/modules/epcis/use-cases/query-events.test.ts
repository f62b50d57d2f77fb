import { describe, expect, it } from 'vitest';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import type { EventWindow } from '../epcis-queries.repository.js';
import { eventRow } from './epcis-use-case-fixtures.js';
import { queryEvents } from './query-events.js';

/** A fake repository over events 1…n: pages by id or offset as the SQL does; counts up to its bound. */
const fake = (n: number) => {
  const rows = Array.from({ length: n }, (_, i) => eventRow(i + 1));
  const windows: EventWindow[] = [];
  return {
    windows,
    repo: {
      searchEvents: async (_scope: unknown, _query: unknown, w: EventWindow) => {
        windows.push(w);
        const after = rows.filter((r) => r.id > (w.afterId ?? 0));
        return after.slice(w.offset ?? 0, (w.offset ?? 0) + w.limit);
      },
      countEvents: async (_scope: unknown, _query: unknown, atMost: number) => Math.min(n, atMost),
    },
  };
};

describe('query events (use case)', () => {
  it('pages by the last event seen, with a token for the next page until the last', async () => {
    const { repo } = fake(5);
    const first = await queryEvents(repo, testUser(), { perPage: '2' });
    expect(first.events.map((e) => e.eventID)).toEqual(['urn:uuid:event-1', 'urn:uuid:event-2']);
    expect(first.next).not.toBeNull();
    const second = await queryEvents(repo, testUser(), { perPage: '2', nextPageToken: first.next ?? '' });
    expect(second.events.map((e) => e.eventID)).toEqual(['urn:uuid:event-3', 'urn:uuid:event-4']);
    const third = await queryEvents(repo, testUser(), { perPage: '2', nextPageToken: second.next ?? '' });
    expect(third.events.map((e) => e.eventID)).toEqual(['urn:uuid:event-5']);
    expect(third.next).toBeNull();
  });

  it('eventCountLimit stops the answer after N events, across pages', async () => {
    const { repo } = fake(10);
    const first = await queryEvents(repo, testUser(), { orderBy: 'eventTime', eventCountLimit: '3', perPage: '2' });
    expect(first.events).toHaveLength(2);
    const second = await queryEvents(repo, testUser(), {
      orderBy: 'eventTime',
      eventCountLimit: '3',
      perPage: '2',
      nextPageToken: first.next ?? '',
    });
    expect(second.events).toHaveLength(1);
    expect(second.next).toBeNull();
  });

  it('maxEventCount: 413 when more match, the events when not', async () => {
    await expectStatus(queryEvents(fake(4).repo, testUser(), { maxEventCount: '3' }), 413);
    expect((await queryEvents(fake(3).repo, testUser(), { maxEventCount: '3' })).events).toHaveLength(3);
  });

  it('a bad parameter, perPage or token is a 400 before any query', async () => {
    const { repo, windows } = fake(3);
    await expectStatus(queryEvents(repo, testUser(), { eventType: 'CarrotEvent' }), 400);
    await expectStatus(queryEvents(repo, testUser(), { perPage: '0' }), 400);
    await expectStatus(queryEvents(repo, testUser(), { nextPageToken: 'bm9wZQ' }), 400);
    expect(windows).toEqual([]);
  });
});
