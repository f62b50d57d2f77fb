import { countWebhookAttempt } from '../../plugins/metrics.js';
import { processOwner } from '../../workers/lease.js';
import { createWakeableNap } from '../../workers/wakeable-nap.js';
import {
  bodyOf,
  type DisablePolicy,
  disableReason,
  headersOf,
  isAcknowledged,
  isLastAttempt,
  messageIdOf,
  type RetryPolicy,
  retryDelayMs,
  signingSecrets,
} from './webhooks.rules.js';
import type { AttemptOutcome, ClaimedDelivery, SenderRepository } from './webhooks.sender.repository.js';
import type { WebhookPost } from './webhooks.transport.js';

export type SenderLog = {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

export type WebhookSenderOptions = {
  repo: SenderRepository;
  post: WebhookPost;
  log: SenderLog;
  retry: RetryPolicy;
  disable: DisablePolicy;
  /** This process's name in the deliveries' leases. */
  owner?: string;
  /** How often an idle sender looks for due deliveries. */
  pollMs: number;
  /** How long a claim holds: longer than an HTTP call's timeout (a dead process's deliveries are taken after it). */
  leaseMs: number;
  /** HTTP calls under way at once in this process. */
  concurrency: number;
  now?: () => Date;
  random?: () => number;
};

export type WebhookSender = {
  start: () => void;
  /** Looks for due deliveries now (after a commit that wrote some, a replay …). */
  wake: () => void;
  /** Stops claiming and waits for the calls under way (their leases cover them if the process dies instead). */
  stop: () => Promise<void>;
  /** One pass by hand (tests): claims what is due and waits for every call. */
  runOnce: () => Promise<number>;
};

/**
 * The webhook sender of a server process (issue 27, docs/webhooks.md): every process polls the deliveries, claims due
 * ones under a lease (FOR UPDATE SKIP LOCKED, webhooks.sender.repository.ts), POSTs each signed as the Standard
 * Webhooks specification says and records the outcome fenced by its claim: a 2xx succeeds it; anything else (an
 * error status, a refused address, no answer within the timeout) schedules the next attempt with backoff and jitter,
 * or fails it after the last one, which may disable the endpoint (webhooks.rules.ts). A process that dies leaves its
 * claims to lapse: another process attempts them again (at least once; receivers deduplicate by `webhook-id`).
 */
export const createWebhookSender = ({
  repo,
  post,
  log,
  retry,
  disable,
  owner = processOwner(),
  pollMs,
  leaseMs,
  concurrency,
  now = () => new Date(),
  random = Math.random,
}: WebhookSenderOptions): WebhookSender => {
  const inFlight = new Set<Promise<void>>();
  let loop: Promise<void> | undefined;
  let isStopping = false;
  let isFailing = false;

  const { wake, nap } = createWakeableNap(() => isStopping);

  const attempt = async (delivery: ClaimedDelivery): Promise<void> => {
    const at = now();
    const body = bodyOf({ eventType: delivery.eventType, createdAt: delivery.messageCreatedAt, payload: delivery.payload });
    const headers = headersOf(signingSecrets(delivery, at), messageIdOf(delivery.messageId), at, body);
    const result = await post(delivery.url, headers, body);
    const outcome: AttemptOutcome = {
      status: result.status,
      durationMs: result.durationMs,
      error:
        result.error ??
        (result.status !== null && !isAcknowledged(result.status)
          ? `HTTP ${result.status}${result.excerpt ? `: ${result.excerpt}` : ''}`
          : null),
    };
    if (result.status !== null && isAcknowledged(result.status)) {
      if (!(await repo.succeed(owner, delivery, outcome))) {
        log.warn({ deliveryId: delivery.id }, 'webhook delivery taken over before its success was recorded');
      } else countWebhookAttempt('succeeded');
      return;
    }
    const decision = isLastAttempt(retry, delivery.attempts)
      ? ({ isFinal: true } as const)
      : { retryInMs: retryDelayMs(retry, delivery.attempts, random()) };
    const { disabledReason, isRecorded } = await repo.fail(owner, delivery, outcome, decision, (endpoint) =>
      disableReason(disable, endpoint, now()),
    );
    if (isRecorded) countWebhookAttempt('isFinal' in decision ? 'failed' : 'retry');
    if (disabledReason) {
      log.warn({ endpointId: delivery.endpointId, reason: disabledReason }, 'webhook endpoint disabled');
    }
  };

  const launch = (delivery: ClaimedDelivery) => {
    const running: Promise<void> = attempt(delivery)
      .catch((error: unknown) => log.error({ err: error, deliveryId: delivery.id }, 'recording a webhook attempt failed'))
      .finally(() => {
        inFlight.delete(running);
        wake();
      });
    inFlight.add(running);
  };

  /** Claims as many due deliveries as there is room for and launches them; how many it claimed. */
  const claimAndLaunch = async (): Promise<number> => {
    const room = concurrency - inFlight.size;
    if (room <= 0) return 0;
    const claimed = await repo.claim(owner, leaseMs, room);
    for (const delivery of claimed) launch(delivery);
    return claimed.length;
  };

  const run = async () => {
    while (!isStopping) {
      let claimed = 0;
      try {
        claimed = await claimAndLaunch();
        isFailing = false;
      } catch (error) {
        if (!isFailing) log.error({ err: error }, 'claiming webhook deliveries failed');
        isFailing = true;
      }
      if (claimed === 0 || inFlight.size >= concurrency) await nap(pollMs);
    }
  };

  return {
    start() {
      if (loop) return;
      isStopping = false;
      loop = run();
    },
    wake,
    async stop() {
      isStopping = true;
      wake();
      await loop;
      loop = undefined;
      await Promise.allSettled([...inFlight]);
    },
    async runOnce() {
      const claimed = await claimAndLaunch();
      await Promise.allSettled([...inFlight]);
      return claimed;
    },
  };
};
