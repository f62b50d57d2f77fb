import type { Db } from '../../db/client.js';
import type { JobKind } from '../../workers/job-runner.js';
import { createEpcisQueriesRepository } from './epcis-queries.repository.js';
import { runDueSubscriptions } from './use-cases/run-subscriptions.js';

/** The job that runs the EPCIS subscriptions (plugins/workers.ts: every EPCIS_SUBSCRIPTIONS_INTERVAL_MS, 10 s, and after each capture). */
export const EPCIS_SUBSCRIPTIONS_JOB = 'epcis-subscriptions';

export const epcisSubscriptionsJob = (db: Db): JobKind<unknown> => ({
  kind: EPCIS_SUBSCRIPTIONS_JOB,
  async handler() {
    await runDueSubscriptions({
      repo: createEpcisQueriesRepository(db),
      inTransaction: (work) => db.transaction((tx) => work(createEpcisQueriesRepository(tx))),
    });
  },
});
