import { WebhookDeliveryState } from '@rfid/contract';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { parseRows } from '../../db/rows.js';
import { webhookDeliveries, webhookEndpoints, webhookMessages } from '../../db/schema/index.js';
import { intervalMs, leaseUntil } from '../../workers/lease.js';

/** One claimed delivery with what its attempt needs: the message and the endpoint's address and secrets. */
export type ClaimedDelivery = {
  id: number;
  endpointId: number;
  messageId: number;
  /** This attempt's number (1 for the first): with `leaseOwner`, the fence of its result. */
  attempts: number;
  eventType: string;
  payload: Record<string, unknown>;
  messageCreatedAt: Date;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretUntil: Date | null;
};

/** What an attempt found: the status (null: no answer), the error, how long it took. */
export type AttemptOutcome = { status: number | null; error: string | null; durationMs: number };

/** The result of a failed attempt as the rules decided it. */
export type FailureDecision = { retryInMs: number } | { isFinal: true };

export type SenderRepository = {
  /**
   * Claims up to `limit` due deliveries for `owner` under a lease of `leaseMs`, one attempt each: pending, due, of an
   * enabled endpoint, with no lease or a lapsed one (a dead process's), and with no earlier message of the same
   * endpoint and subject still pending (the per-subject order). Rows another process is claiming are skipped.
   */
  claim: (owner: string, leaseMs: number, limit: number) => Promise<ClaimedDelivery[]>;
  /** Records a 2xx: the delivery succeeded, the endpoint's failure count starts again. False: the lease was lost. */
  succeed: (owner: string, delivery: ClaimedDelivery, outcome: AttemptOutcome) => Promise<boolean>;
  /**
   * Records a failed attempt: retried after `retryInMs`, or failed for good. On a final failure `decideDisable` gets
   * the endpoint's failures in a row and failing spell and answers a reason to disable it (null: not yet).
   */
  fail: (
    owner: string,
    delivery: ClaimedDelivery,
    outcome: AttemptOutcome,
    decision: FailureDecision,
    decideDisable: (endpoint: { consecutiveFailures: number; failingSince: Date | null }) => string | null,
  ) => Promise<{ isRecorded: boolean; disabledReason: string | null }>;
  /** Drops succeeded deliveries older than `keepMs`, and messages no delivery needs any more. */
  prune: (keepMs: number) => Promise<void>;
};

const claimedRow = z.object({ id: z.coerce.number(), attempts: z.coerce.number() });

/**
 * Disables an endpoint with its reason, and fails its pending deliveries (replayable once it is enabled again): the
 * sender and a user switching it off use this one rule.
 */
export const disableEndpoint = async (tx: DbOrTx, endpointId: number, reason: string): Promise<void> => {
  await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, disabledAt: sql`now()` })
    .where(eq(webhookEndpoints.id, endpointId));
  await tx
    .update(webhookDeliveries)
    .set({ state: WebhookDeliveryState.Failed, leaseOwner: null, leaseUntil: null, lastError: `endpoint disabled: ${reason}` })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.state, WebhookDeliveryState.Pending)));
};

const fenced = (owner: string, delivery: { id: number; attempts: number }) =>
  and(
    eq(webhookDeliveries.id, delivery.id),
    eq(webhookDeliveries.leaseOwner, owner),
    eq(webhookDeliveries.attempts, delivery.attempts),
    eq(webhookDeliveries.state, WebhookDeliveryState.Pending),
  );

const logOf = (outcome: AttemptOutcome) => ({
  lastStatus: outcome.status,
  lastError: outcome.error,
  lastDurationMs: Math.round(outcome.durationMs),
  leaseOwner: null,
  leaseUntil: null,
});

export const createSenderRepository = (db: Db): SenderRepository => ({
  async claim(owner, leaseMs, limit) {
    const pending = WebhookDeliveryState.Pending;
    const claimed = parseRows(
      claimedRow,
      await db.execute(sql`
        update webhook_deliveries w
        set lease_owner = ${owner}, lease_until = ${leaseUntil(leaseMs)}, attempts = w.attempts + 1, last_attempt_at = now()
        where w.id in (
          select d.id from webhook_deliveries d
          join webhook_endpoints e on e.id = d.endpoint_id
          where d.state = ${pending} and d.next_attempt_at <= now()
            and (d.lease_until is null or d.lease_until < now())
            and e.enabled
            and not exists (
              select 1 from webhook_deliveries p
              where p.endpoint_id = d.endpoint_id and p.subject = d.subject and p.message_id < d.message_id
                and p.state = ${pending})
          order by d.next_attempt_at, d.message_id
          limit ${limit}
          for update of d skip locked)
        returning w.id, w.attempts`),
    );
    if (claimed.length === 0) return [];
    const attemptsOf = new Map(claimed.map((c) => [c.id, c.attempts]));
    const rows = await db
      .select({
        id: webhookDeliveries.id,
        endpointId: webhookDeliveries.endpointId,
        messageId: webhookDeliveries.messageId,
        eventType: webhookMessages.eventType,
        payload: webhookMessages.payload,
        messageCreatedAt: webhookMessages.createdAt,
        url: webhookEndpoints.url,
        secret: webhookEndpoints.secret,
        previousSecret: webhookEndpoints.previousSecret,
        previousSecretUntil: webhookEndpoints.previousSecretUntil,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(inArray(webhookDeliveries.id, [...attemptsOf.keys()]));
    return rows.map((row) => ({ ...row, attempts: attemptsOf.get(row.id) ?? 0 })).sort((a, b) => a.messageId - b.messageId);
  },

  async succeed(owner, delivery, outcome) {
    return db.transaction(async (tx) => {
      const done = await tx
        .update(webhookDeliveries)
        .set({ ...logOf(outcome), state: WebhookDeliveryState.Succeeded, deliveredAt: sql`now()` })
        .where(fenced(owner, delivery))
        .returning({ id: webhookDeliveries.id });
      if (done.length === 0) return false;
      await tx
        .update(webhookEndpoints)
        .set({ consecutiveFailures: 0, failingSince: null })
        .where(eq(webhookEndpoints.id, delivery.endpointId));
      return true;
    });
  },

  async fail(owner, delivery, outcome, decision, decideDisable) {
    return db.transaction(async (tx) => {
      const isFinal = 'isFinal' in decision;
      const done = await tx
        .update(webhookDeliveries)
        .set({
          ...logOf(outcome),
          ...(isFinal
            ? { state: WebhookDeliveryState.Failed }
            : { nextAttemptAt: sql`now() + ${intervalMs(decision.retryInMs)}` }),
        })
        .where(fenced(owner, delivery))
        .returning({ id: webhookDeliveries.id });
      if (done.length === 0) return { isRecorded: false, disabledReason: null };
      const [endpoint] = await tx
        .update(webhookEndpoints)
        .set({
          failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())`,
          ...(isFinal ? { consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` } : {}),
        })
        .where(eq(webhookEndpoints.id, delivery.endpointId))
        .returning({
          consecutiveFailures: webhookEndpoints.consecutiveFailures,
          failingSince: webhookEndpoints.failingSince,
          enabled: webhookEndpoints.enabled,
        });
      if (!isFinal || !endpoint?.enabled) return { isRecorded: true, disabledReason: null };
      const reason = decideDisable(endpoint);
      if (reason) await disableEndpoint(tx, delivery.endpointId, reason);
      return { isRecorded: true, disabledReason: reason };
    });
  },

  async prune(keepMs) {
    await db
      .delete(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.state, WebhookDeliveryState.Succeeded),
          lt(webhookDeliveries.deliveredAt, sql`now() - ${intervalMs(keepMs)}`),
        ),
      );
    await db.execute(sql`
      delete from webhook_messages m
      where m.created_at < now() - ${intervalMs(keepMs)}
        and not exists (select 1 from webhook_deliveries d where d.message_id = m.id)`);
  },
});
