import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { JobKind } from '../../workers/job-runner.js';
import type { OutboundAddressPolicy } from '../printing/printer-address.js';
import type { DisablePolicy, RetryPolicy } from './webhooks.rules.js';
import { createWebhookSender, type SenderLog, type WebhookSender } from './webhooks.sender.js';
import { createSenderRepository } from './webhooks.sender.repository.js';
import { httpPost } from './webhooks.transport.js';

/** The growth of the retry delay: 5 s, 20 s, 80 s, 5 min, 21 min, 85 min, 5.7 h, then the maximum (6 h). */
export const RETRY_FACTOR = 4;

export const addressPolicyOf = (config: Config['webhooks']): OutboundAddressPolicy => ({
  allowLoopback: config.allowLoopback,
  allowPrivate: config.allowPrivate,
});

export const retryPolicyOf = (config: Config['webhooks']): RetryPolicy => ({
  maxAttempts: config.maxAttempts,
  baseMs: config.retryBaseMs,
  maxMs: config.retryMaxMs,
  factor: RETRY_FACTOR,
});

export const disablePolicyOf = (config: Config['webhooks']): DisablePolicy => ({
  afterFailedDeliveries: config.disableAfterFailures,
  afterFailingMs: config.disableAfterDays * 24 * 3_600_000,
});

/** The sender of a process, as the configuration sets it (plugins/workers.ts runs it unless WEBHOOK_SENDER=off). */
export const createConfiguredSender = (db: Db, config: Config['webhooks'], log: SenderLog): WebhookSender =>
  createWebhookSender({
    repo: createSenderRepository(db),
    post: httpPost({ timeoutMs: config.timeoutMs, policy: addressPolicyOf(config) }),
    log,
    retry: retryPolicyOf(config),
    disable: disablePolicyOf(config),
    pollMs: config.pollMs,
    leaseMs: config.leaseMs,
    concurrency: config.concurrency,
  });

export const WEBHOOK_PRUNE_JOB = 'webhooks-prune';

/** Every hour, by one process: succeeded deliveries older than WEBHOOK_KEEP_DAYS leave the log, and their messages. */
export const webhookPruneJob = (db: Db, keepDays: number): JobKind<unknown> => ({
  kind: WEBHOOK_PRUNE_JOB,
  handler: async () => {
    await createSenderRepository(db).prune(keepDays * 24 * 3_600_000);
  },
});
