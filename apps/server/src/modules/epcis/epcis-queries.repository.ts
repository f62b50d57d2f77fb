import { randomBytes, randomUUID } from 'node:crypto';
import { WebhookEventType } from '@rfid/contract';
import { and, asc, count, eq, gt, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type EpcisSchedule, epcisEvents, epcisQueries, epcisSubscriptions, webhookEndpoints } from '../../db/schema/index.js';
import type { AuthUser } from '../../plugins/auth.js';
import { emitWebhookEvent } from '../webhooks/emit.js';
import { idForms, type SimpleEventQuery } from './epcis.query.js';
import { orderOf, whereOf } from './epcis-query.repository.js';

/** Who a query runs for: a company and the locations seen (null: all of them). */
export type QueryScope = Pick<AuthUser, 'companyId' | 'locationIds'>;
export type StoredEvent = typeof epcisEvents.$inferSelect;
export type NamedQueryRow = typeof epcisQueries.$inferSelect;
export type SubscriptionRow = typeof epcisSubscriptions.$inferSelect;

export type EventWindow = {
  /** Keyset paging (no orderBy): events after this id. */
  afterId?: number;
  /** Offset paging (orderBy). */
  offset?: number;
  limit: number;
  /** A subscription run's window of recordTime: [from, until). */
  minRecordTime?: Date;
  maxRecordTime?: Date;
};

export type NewSubscription = {
  companyId: number;
  queryId: number;
  userId: number;
  dest: string;
  secret: string;
  stream: boolean;
  schedule: EpcisSchedule | null;
  reportIfEmpty: boolean;
  initialRecordTime: Date;
  locationIds: number[] | null;
  nextRunAt: Date | null;
};

/** The query interface's events (SimpleEventQuery): a page of them and their count. */
const eventQueries = (db: DbOrTx) => {
  const where = (scope: QueryScope, query: Pick<SimpleEventQuery, 'criteria'>, w: Omit<EventWindow, 'limit' | 'offset'>) =>
    and(
      whereOf(scope, query, idForms, {
        ...(w.afterId ? { afterId: w.afterId } : {}),
        ...(w.minRecordTime ? { minRecordTime: w.minRecordTime } : {}),
      }),
      w.maxRecordTime ? lt(epcisEvents.recordTime, w.maxRecordTime) : undefined,
    );

  return {
    /** One page of the events matching a query, in its order (orderBy) or as recorded. */
    async searchEvents(scope: QueryScope, query: SimpleEventQuery, w: EventWindow): Promise<StoredEvent[]> {
      return db
        .select()
        .from(epcisEvents)
        .where(where(scope, query, w))
        .orderBy(...orderOf(query.orderBy, query.orderDirection))
        .offset(w.offset ?? 0)
        .limit(w.limit);
    },

    /** How many events match, counted up to `atMost` (maxEventCount's check). */
    async countEvents(scope: QueryScope, query: SimpleEventQuery, atMost: number): Promise<number> {
      const inner = db
        .select({ id: epcisEvents.id })
        .from(epcisEvents)
        .where(where(scope, query, {}))
        .limit(atMost)
        .as('m');
      const [row] = await db.select({ n: count() }).from(inner);
      return row?.n ?? 0;
    },
  };
};

/** Named queries: a company's saved SimpleEventQuery documents. */
const namedQueryQueries = (db: DbOrTx) => ({
  /** Saves a named query; null when the company has one of that name. */
  async createQuery(
    companyId: number,
    userId: number,
    name: string,
    query: Record<string, unknown>,
  ): Promise<NamedQueryRow | null> {
    const [row] = await db
      .insert(epcisQueries)
      .values({ companyId, name, query, createdBy: userId })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  },
  async listQueries(companyId: number, { after, limit }: { after?: string; limit: number }) {
    return db
      .select()
      .from(epcisQueries)
      .where(and(eq(epcisQueries.companyId, companyId), after ? gt(epcisQueries.name, after) : undefined))
      .orderBy(asc(epcisQueries.name))
      .limit(limit);
  },
  async getQuery(companyId: number, name: string): Promise<NamedQueryRow | undefined> {
    const [row] = await db
      .select()
      .from(epcisQueries)
      .where(and(eq(epcisQueries.companyId, companyId), eq(epcisQueries.name, name)));
    return row;
  },
  /** Deletes a named query, its subscriptions and their webhook endpoints (pending deliveries go with them). */
  async deleteQuery(companyId: number, queryId: number): Promise<void> {
    await db.execute(sql`
        delete from ${webhookEndpoints} where ${webhookEndpoints.companyId} = ${companyId}
          and ${webhookEndpoints.epcisSubscriptionId} in (select id from ${epcisSubscriptions} where query_id = ${queryId})`);
    await db.delete(epcisQueries).where(and(eq(epcisQueries.companyId, companyId), eq(epcisQueries.id, queryId)));
  },
});

/** Subscriptions to a named query, each with the webhook endpoint its results go to. */
const subscriptionQueries = (db: DbOrTx) => ({
  /** A subscription and its webhook endpoint (the deliveries' destination and signing secret). */
  async createSubscription(s: NewSubscription): Promise<SubscriptionRow> {
    const [row] = await db
      .insert(epcisSubscriptions)
      .values({
        subscriptionId: randomUUID(),
        companyId: s.companyId,
        queryId: s.queryId,
        dest: s.dest,
        stream: s.stream,
        schedule: s.schedule,
        reportIfEmpty: s.reportIfEmpty,
        initialRecordTime: s.initialRecordTime,
        minRecordTime: s.initialRecordTime,
        locationIds: s.locationIds,
        nextRunAt: s.nextRunAt,
        createdBy: s.userId,
      })
      .returning();
    if (!row) throw new Error('subscription not inserted');
    await db.insert(webhookEndpoints).values({
      companyId: s.companyId,
      url: s.dest,
      description: `EPCIS subscription ${row.subscriptionId}`,
      eventTypes: [WebhookEventType.EpcisQueryResult],
      secret: s.secret,
      epcisSubscriptionId: row.id,
      createdBy: s.userId,
    });
    return row;
  },
  async listSubscriptions(queryId: number): Promise<SubscriptionRow[]> {
    return db
      .select()
      .from(epcisSubscriptions)
      .where(eq(epcisSubscriptions.queryId, queryId))
      .orderBy(asc(epcisSubscriptions.id));
  },
  async getSubscription(queryId: number, subscriptionId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await db
      .select()
      .from(epcisSubscriptions)
      .where(and(eq(epcisSubscriptions.queryId, queryId), eq(epcisSubscriptions.subscriptionId, subscriptionId)));
    return row;
  },
  async deleteSubscription(companyId: number, id: number): Promise<void> {
    await db
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.epcisSubscriptionId, id)));
    await db.delete(epcisSubscriptions).where(eq(epcisSubscriptions.id, id));
  },
});

/** The subscriptions job's runs: which are due, one locked for its run, its result queued and the run recorded. */
const subscriptionRunQueries = (db: DbOrTx) => ({
  /** Subscriptions to run now: every stream, and the scheduled ones whose time came. */
  async dueSubscriptions(now: Date, limit: number) {
    return db
      .select({ subscription: epcisSubscriptions, query: epcisQueries })
      .from(epcisSubscriptions)
      .innerJoin(epcisQueries, eq(epcisQueries.id, epcisSubscriptions.queryId))
      .where(
        or(
          eq(epcisSubscriptions.stream, true),
          and(isNotNull(epcisSubscriptions.nextRunAt), lte(epcisSubscriptions.nextRunAt, now)),
        ),
      )
      .orderBy(asc(epcisSubscriptions.id))
      .limit(limit);
  },
  /** Locks a subscription for its run (another process running it skips it); undefined when locked or gone. */
  async lockSubscription(id: number): Promise<SubscriptionRow | undefined> {
    const [row] = await db
      .select()
      .from(epcisSubscriptions)
      .where(eq(epcisSubscriptions.id, id))
      .for('update', { skipLocked: true });
    return row;
  },
  async endpointOf(companyId: number, subscriptionId: number): Promise<number | undefined> {
    const [row] = await db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.epcisSubscriptionId, subscriptionId)));
    return row?.id;
  },
  async markRun(id: number, run: { minRecordTime: Date; lastRunAt: Date; nextRunAt: Date | null; notified: boolean }) {
    await db
      .update(epcisSubscriptions)
      .set({
        minRecordTime: run.minRecordTime,
        lastRunAt: run.lastRunAt,
        nextRunAt: run.nextRunAt,
        ...(run.notified ? { lastNotifiedAt: run.lastRunAt } : {}),
      })
      .where(eq(epcisSubscriptions.id, id));
  },
  /** Queues one result document to the subscription's endpoint (the webhooks sender signs and delivers it). */
  async emitResult(companyId: number, endpointId: number, subscriptionId: string, data: Record<string, unknown>) {
    await emitWebhookEvent(db, {
      companyId,
      locationId: null,
      type: WebhookEventType.EpcisQueryResult,
      subject: `epcis-subscription:${subscriptionId}`,
      data,
      endpointId,
    });
  },
});

/** The SQL of the EPCIS query interface (SimpleEventQuery), named queries and subscriptions. */
export const createEpcisQueriesRepository = (db: DbOrTx) => ({
  ...eventQueries(db),
  ...namedQueryQueries(db),
  ...subscriptionQueries(db),
  ...subscriptionRunQueries(db),
});
export type EpcisQueriesRepository = ReturnType<typeof createEpcisQueriesRepository>;

/** A Standard Webhooks signing secret (`whsec_` + base64): from the client's signatureToken, or random. */
export const signingSecret = (signatureToken?: string): string =>
  `whsec_${(signatureToken ? Buffer.from(signatureToken, 'utf8') : randomBytes(24)).toString('base64')}`;
