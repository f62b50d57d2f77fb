import { WebhookDeliveryState } from '@rfid/contract';
import { and, asc, count, desc, eq, gte, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { locations, webhookDeliveries, webhookEndpoints, webhookMessages } from '../../db/schema/index.js';
import type { PageParams } from '../../http/paging.js';
import { disableEndpoint } from './webhooks.sender.repository.js';

/** An endpoint as the repository reads it (the secrets included: the dto leaves them out). */
export type EndpointRow = typeof webhookEndpoints.$inferSelect;

export type EndpointFields = {
  url: string;
  description: string;
  eventTypes: string[];
  locationIds: number[] | null;
};

export type DeliveryRow = {
  id: number;
  messageId: number;
  eventType: string;
  subject: string;
  state: WebhookDeliveryState;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  lastDurationMs: number | null;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date;
  deliveredAt: Date | null;
  createdAt: Date;
};

/** The webhooks' admin storage, always within one company (an endpoint of another company is not found). */
export type WebhooksRepository = {
  list: (companyId: number) => Promise<EndpointRow[]>;
  get: (companyId: number, id: number) => Promise<EndpointRow | undefined>;
  /** How many of these location ids are the company's. */
  countCompanyLocations: (companyId: number, ids: number[]) => Promise<number>;
  create: (
    companyId: number,
    fields: EndpointFields & { secret: string; enabled: boolean; createdBy: number },
  ) => Promise<EndpointRow>;
  update: (companyId: number, id: number, fields: Partial<EndpointFields>) => Promise<EndpointRow | undefined>;
  /** Switches it off by a user: its pending deliveries fail (replayable). */
  disable: (companyId: number, id: number, reason: string) => Promise<void>;
  /** Switches it on again: the reason, the failures in a row and the failing spell are cleared. */
  enable: (companyId: number, id: number) => Promise<EndpointRow | undefined>;
  remove: (companyId: number, id: number) => Promise<boolean>;
  rotateSecret: (companyId: number, id: number, secret: string, previousUntil: Date) => Promise<EndpointRow | undefined>;
  deliveries: (
    endpointId: number,
    filter: { state?: WebhookDeliveryState },
    page: PageParams,
  ) => Promise<{ rows: DeliveryRow[]; count: number }>;
  /** Sends a failed delivery again (attempts start over); false when it is not a failed delivery of the endpoint. */
  replay: (endpointId: number, deliveryId: number) => Promise<boolean>;
  /** Sends every failed delivery of the endpoint created since `since` again; how many. */
  replayFailedSince: (endpointId: number, since: Date) => Promise<number>;
};

const deliveryColumns = {
  id: webhookDeliveries.id,
  messageId: webhookDeliveries.messageId,
  eventType: webhookMessages.eventType,
  subject: webhookDeliveries.subject,
  state: webhookDeliveries.state,
  attempts: webhookDeliveries.attempts,
  lastStatus: webhookDeliveries.lastStatus,
  lastError: webhookDeliveries.lastError,
  lastDurationMs: webhookDeliveries.lastDurationMs,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  deliveredAt: webhookDeliveries.deliveredAt,
  createdAt: webhookDeliveries.createdAt,
};

/** Back to pending, due now, attempts starting over (the `webhook-id` stays: receivers deduplicate by it). */
const replayed = {
  state: WebhookDeliveryState.Pending,
  attempts: 0,
  nextAttemptAt: sql`now()`,
  leaseOwner: null,
  leaseUntil: null,
};

/** Sets the deliveries `where` picks back to pending (`replayed`); answers how many. */
const replayWhere = async (db: DbOrTx, where: SQL | undefined): Promise<number> =>
  (await db.update(webhookDeliveries).set(replayed).where(where).returning({ id: webhookDeliveries.id })).length;

const ownEndpoint = (companyId: number, id: number) =>
  and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id), isNull(webhookEndpoints.epcisSubscriptionId));

type DeliveryMethods = 'deliveries' | 'replay' | 'replayFailedSince';

/** The company's endpoints (not those of EPCIS subscriptions). */
const endpointQueries = (db: DbOrTx): Omit<WebhooksRepository, DeliveryMethods> => ({
  list: (companyId) =>
    db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.companyId, companyId), isNull(webhookEndpoints.epcisSubscriptionId)))
      .orderBy(asc(webhookEndpoints.id)),

  async get(companyId, id) {
    const [row] = await db.select().from(webhookEndpoints).where(ownEndpoint(companyId, id));
    return row;
  },

  async countCompanyLocations(companyId, ids) {
    if (ids.length === 0) return 0;
    const [row] = await db
      .select({ n: count() })
      .from(locations)
      .where(and(eq(locations.companyId, companyId), inArray(locations.id, ids)));
    return row?.n ?? 0;
  },

  async create(companyId, fields) {
    const [row] = await db
      .insert(webhookEndpoints)
      .values({
        companyId,
        url: fields.url,
        description: fields.description,
        eventTypes: fields.eventTypes,
        locationIds: fields.locationIds,
        secret: fields.secret,
        enabled: fields.enabled,
        createdBy: fields.createdBy,
      })
      .returning();
    if (!row) throw new Error('the endpoint was not inserted');
    return row;
  },

  async update(companyId, id, fields) {
    if (Object.keys(fields).length === 0) return this.get(companyId, id);
    const [row] = await db.update(webhookEndpoints).set(fields).where(ownEndpoint(companyId, id)).returning();
    return row;
  },

  async disable(companyId, id, reason) {
    const [row] = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(ownEndpoint(companyId, id));
    if (row) await disableEndpoint(db, row.id, reason);
  },

  async enable(companyId, id) {
    const [row] = await db
      .update(webhookEndpoints)
      .set({ enabled: true, disabledReason: null, disabledAt: null, consecutiveFailures: 0, failingSince: null })
      .where(ownEndpoint(companyId, id))
      .returning();
    return row;
  },

  async remove(companyId, id) {
    const rows = await db.delete(webhookEndpoints).where(ownEndpoint(companyId, id)).returning({ id: webhookEndpoints.id });
    return rows.length > 0;
  },

  async rotateSecret(companyId, id, secret, previousUntil) {
    const [row] = await db
      .update(webhookEndpoints)
      .set({ secret, previousSecret: webhookEndpoints.secret, previousSecretUntil: previousUntil })
      .where(ownEndpoint(companyId, id))
      .returning();
    return row;
  },
});

/** An endpoint's delivery log and its replays. */
const deliveryQueries = (db: DbOrTx): Pick<WebhooksRepository, DeliveryMethods> => ({
  async deliveries(endpointId, filter, page) {
    const where = and(
      eq(webhookDeliveries.endpointId, endpointId),
      filter.state ? eq(webhookDeliveries.state, filter.state) : undefined,
    );
    const rows = await db
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
      .where(where)
      .orderBy(desc(webhookDeliveries.messageId))
      .limit(page.limit)
      .offset(page.offset);
    const [total] = await db.select({ n: count() }).from(webhookDeliveries).where(where);
    return { rows, count: total?.n ?? 0 };
  },

  async replay(endpointId, deliveryId) {
    const where = and(
      eq(webhookDeliveries.id, deliveryId),
      eq(webhookDeliveries.endpointId, endpointId),
      eq(webhookDeliveries.state, WebhookDeliveryState.Failed),
    );
    return (await replayWhere(db, where)) > 0;
  },

  async replayFailedSince(endpointId, since) {
    const where = and(
      eq(webhookDeliveries.endpointId, endpointId),
      eq(webhookDeliveries.state, WebhookDeliveryState.Failed),
      gte(webhookDeliveries.createdAt, since),
    );
    return replayWhere(db, where);
  },
});

export const createWebhooksRepository = (db: DbOrTx): WebhooksRepository => ({
  ...endpointQueries(db),
  ...deliveryQueries(db),
});
