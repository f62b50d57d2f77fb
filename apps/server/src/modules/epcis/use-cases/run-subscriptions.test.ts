import { describe, expect, it } from 'vitest';
import type { EventWindow, SubscriptionRow } from '../epcis-queries.repository.js';
import { eventRow, namedQueryRow, subscriptionRow } from './epcis-use-case-fixtures.js';
import { EVENTS_PER_MESSAGE, runDueSubscriptions } from './run-subscriptions.js';

/** A fake store of one subscription and its events (recordTime = the event's own), recording what was pushed. */
const world = (sub: SubscriptionRow, eventTimes: Date[]) => {
  const events = eventTimes.map((at, i) => eventRow(i + 1, { recordTime: at }));
  const pushed: { eventIds: unknown[] }[] = [];
  const state = { sub };
  const repo = {
    lockSubscription: async () => state.sub,
    endpointOf: async () => 21,
    searchEvents: async (_s: unknown, _q: unknown, w: EventWindow) =>
      events
        .filter((e) => e.id > (w.afterId ?? 0))
        .filter((e) => !w.minRecordTime || e.recordTime >= w.minRecordTime)
        .filter((e) => !w.maxRecordTime || e.recordTime < w.maxRecordTime)
        .slice(0, w.limit),
    markRun: async (_id: number, run: { minRecordTime: Date; nextRunAt: Date | null }) => {
      state.sub = { ...state.sub, minRecordTime: run.minRecordTime, nextRunAt: run.nextRunAt };
    },
    emitResult: async (_c: number, _e: number, _s: string, data: Record<string, unknown>) => {
      const body = data.epcisBody as { queryResults: { resultsBody: { eventList: { eventID: unknown }[] } } };
      pushed.push({ eventIds: body.queryResults.resultsBody.eventList.map((e) => e.eventID) });
    },
  };
  const deps = {
    repo: { dueSubscriptions: async () => [{ subscription: state.sub, query: namedQueryRow() }] },
    inTransaction: async <T>(work: (r: typeof repo) => Promise<T>) => work(repo),
  };
  return { deps, pushed, state, events };
};
const at = (s: string) => new Date(`2026-11-29T${s}Z`);

describe('run subscriptions (use case)', () => {
  it('reports each event once: a run takes the events up to its settled horizon, the next one the rest', async () => {
    const { deps, pushed, state } = world(subscriptionRow({ minRecordTime: at('10:00:00') }), [
      at('10:00:01'),
      at('10:00:02'),
      at('10:00:09'),
    ]);
    await runDueSubscriptions(deps, at('10:00:10'), 5_000);
    expect(pushed).toEqual([{ eventIds: ['urn:uuid:event-1', 'urn:uuid:event-2'] }]);
    expect(state.sub.minRecordTime).toEqual(at('10:00:05'));
    await runDueSubscriptions(deps, at('10:00:20'), 5_000);
    expect(pushed).toEqual([{ eventIds: ['urn:uuid:event-1', 'urn:uuid:event-2'] }, { eventIds: ['urn:uuid:event-3'] }]);
    await runDueSubscriptions(deps, at('10:00:30'), 5_000);
    expect(pushed).toHaveLength(2);
  });

  it('splits a long window into documents of EVENTS_PER_MESSAGE events', async () => {
    const times = Array.from({ length: EVENTS_PER_MESSAGE + 1 }, () => at('10:00:01'));
    const { deps, pushed } = world(subscriptionRow({ minRecordTime: at('10:00:00') }), times);
    expect(await runDueSubscriptions(deps, at('10:01:00'), 0)).toEqual({ runs: 1, events: EVENTS_PER_MESSAGE + 1 });
    expect(pushed.map((p) => p.eventIds.length)).toEqual([EVENTS_PER_MESSAGE, 1]);
  });

  it('a scheduled subscription runs only when due; reportIfEmpty pushes an empty result; its next run follows', async () => {
    const sub = subscriptionRow({
      stream: false,
      schedule: { minute: '0' },
      reportIfEmpty: true,
      nextRunAt: at('11:00:00'),
      minRecordTime: at('10:00:00'),
    });
    const { deps, pushed, state } = world(sub, []);
    await runDueSubscriptions(deps, at('10:59:00'), 0);
    expect(pushed).toEqual([]);
    await runDueSubscriptions(deps, at('11:00:10'), 0);
    expect(pushed).toEqual([{ eventIds: [] }]);
    expect(state.sub.nextRunAt).toEqual(at('12:00:00'));
  });
});
