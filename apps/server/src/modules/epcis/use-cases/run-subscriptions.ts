import { queryDocument } from '../epcis.document.js';
import { parseSimpleEventQuery, QueryParameterError, type RawQuery } from '../epcis.query.js';
import type { EpcisQueriesRepository, NamedQueryRow } from '../epcis-queries.repository.js';
import { nextScheduledRun } from './subscription-schedule.js';

/**
 * A run reports the events recorded before `now - SETTLE_MS`: an event's recordTime is taken before its transaction
 * commits, so a run leaves the last seconds to the next one rather than miss an event committed just after it looked.
 */
export const SETTLE_MS = 5_000;
/** Events per pushed result document (a longer window is pushed as several, in order). */
export const EVENTS_PER_MESSAGE = 500;

type RunRepo = Pick<EpcisQueriesRepository, 'lockSubscription' | 'endpointOf' | 'searchEvents' | 'markRun' | 'emitResult'>;
export type RunDeps = {
  repo: Pick<EpcisQueriesRepository, 'dueSubscriptions'>;
  /** Runs one subscription in a transaction of its own (its lock, its messages and its new window commit together). */
  inTransaction: <T>(work: (repo: RunRepo) => Promise<T>) => Promise<T>;
};

/**
 * The subscriptions' job (plugins/workers.ts, every 10 s and after each capture): each stream subscription, and each
 * scheduled one whose time came, reports the events matching its named query recorded in [minRecordTime, horizon),
 * pushed through its webhook endpoint (an EPCISQueryDocument naming the query and the subscription); then its window
 * moves on to the horizon, in the same transaction, so an event is reported once and none is skipped.
 */
export const runDueSubscriptions = async (
  deps: RunDeps,
  now = new Date(),
  settleMs = SETTLE_MS,
): Promise<{ runs: number; events: number }> => {
  const due = await deps.repo.dueSubscriptions(now, 200);
  let runs = 0;
  let events = 0;
  for (const { subscription, query } of due) {
    const reported = await deps.inTransaction((repo) => runSubscription(repo, subscription.id, query, now, settleMs));
    if (reported !== null) {
      runs++;
      events += reported;
    }
  }
  return { runs, events };
};

const runSubscription = async (
  repo: RunRepo,
  id: number,
  named: NamedQueryRow,
  now: Date,
  settleMs: number,
): Promise<number | null> => {
  const sub = await repo.lockSubscription(id);
  if (!sub) return null;
  if (!sub.stream && (!sub.nextRunAt || sub.nextRunAt > now)) return null;
  const horizon = new Date(Math.max(now.getTime() - settleMs, sub.minRecordTime.getTime()));
  const nextRunAt = sub.schedule ? nextScheduledRun(sub.schedule, now) : null;
  let criteria: ReturnType<typeof parseSimpleEventQuery>;
  try {
    // Saved after the same parser accepted it (create-named-query.ts).
    criteria = parseSimpleEventQuery(named.query as RawQuery);
  } catch (error) {
    if (!(error instanceof QueryParameterError)) throw error;
    await repo.markRun(id, { minRecordTime: sub.minRecordTime, lastRunAt: now, nextRunAt, notified: false });
    return 0;
  }
  const query = { ...criteria, orderBy: null, eventCountLimit: null, maxEventCount: null };
  const endpointId = await repo.endpointOf(sub.companyId, sub.id);
  const scope = { companyId: sub.companyId, locationIds: sub.locationIds };
  let afterId = 0;
  let count = 0;
  let messages = 0;
  for (;;) {
    const rows = await repo.searchEvents(scope, query, {
      afterId,
      limit: EVENTS_PER_MESSAGE,
      minRecordTime: sub.minRecordTime,
      maxRecordTime: horizon,
    });
    if (rows.length === 0) break;
    if (endpointId !== undefined) {
      await repo.emitResult(sub.companyId, endpointId, sub.subscriptionId, result(named.name, sub.subscriptionId, rows));
      messages++;
    }
    count += rows.length;
    afterId = rows.at(-1)?.id ?? afterId;
    if (rows.length < EVENTS_PER_MESSAGE) break;
  }
  if (messages === 0 && !sub.stream && sub.reportIfEmpty && endpointId !== undefined) {
    await repo.emitResult(sub.companyId, endpointId, sub.subscriptionId, result(named.name, sub.subscriptionId, []));
    messages++;
  }
  await repo.markRun(id, { minRecordTime: horizon, lastRunAt: now, nextRunAt, notified: messages > 0 });
  return count;
};

const result = (queryName: string, subscriptionID: string, rows: { document: Record<string, unknown> }[]) => {
  const doc = queryDocument(
    rows.map((r) => r.document),
    queryName,
  );
  return { ...doc, epcisBody: { queryResults: { ...doc.epcisBody.queryResults, subscriptionID } } };
};
