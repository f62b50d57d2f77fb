import { API_KEY_ACCESS, ApiKeyAccess, WEBHOOK_DELIVERY_STATES, WebhookDeliveryState } from '@rfid/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, requiredRef, serialId } from './columns.js';
import { companyRef, users } from './organization.js';

export const webhookDeliveryState = pgEnum('webhook_delivery_state', WEBHOOK_DELIVERY_STATES);
export const apiKeyAccess = pgEnum('api_key_access', API_KEY_ACCESS);

/**
 * A company's webhook endpoint (issue 27): a URL subscribed to event types, its signing secrets (Standard Webhooks:
 * `whsec_` + base64; during a rotation the previous one still signs until `previous_secret_until`).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serialId(),
    companyId: companyRef(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** WebhookEventType values; empty: none. */
    eventTypes: text('event_types').array().notNull().default(sql`'{}'::text[]`),
    /** Only these locations' events; null: every location of the company. */
    locationIds: integer('location_ids').array(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretUntil: instant('previous_secret_until'),
    enabled: boolean('enabled').notNull().default(true),
    /** Why it was disabled (automatically after repeated failures, or by a user). */
    disabledReason: text('disabled_reason'),
    disabledAt: instant('disabled_at'),
    /** Deliveries failed in a row (all attempts spent); reset by a success. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** The first failed attempt since the last success (null: not failing); a long spell disables the endpoint. */
    failingSince: instant('failing_since'),
    /** An endpoint made for an EPCIS subscription (modules/epcis): not listed among the company's webhooks. */
    epcisSubscriptionId: integer('epcis_subscription_id'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.companyId)],
);

/**
 * The outbox: one row per event to push, written in the transaction of the change (modules/webhooks/emit.ts).
 * `subject` orders deliveries: an endpoint gets a subject's messages one after the other, in `id` order.
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyRef(),
    locationId: integer('location_id'),
    /** The Standard Webhooks message id (`webhook-id`): `msg_` + this row's id, stable across retries. */
    eventType: text('event_type').notNull(),
    subject: text('subject').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_messages_company_idx').on(t.companyId, t.id)],
);

/** One message to one endpoint: its attempts, and the log of the last one. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: requiredRef('endpoint_id', () => webhookEndpoints.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    state: webhookDeliveryState('state').notNull().default(WebhookDeliveryState.Pending),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    /** A sender holding it, and until when (a dead sender's delivery is taken by another process). */
    leaseOwner: text('lease_owner'),
    leaseUntil: instant('lease_until'),
    lastStatus: smallint('last_status'),
    lastError: text('last_error'),
    lastDurationMs: integer('last_duration_ms'),
    lastAttemptAt: instant('last_attempt_at'),
    deliveredAt: instant('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_message_uq').on(t.endpointId, t.messageId),
    index('webhook_deliveries_due_idx').on(t.state, t.nextAttemptAt),
    // The ordering rule's look-up: an earlier message of the same endpoint and subject still pending.
    index('webhook_deliveries_subject_idx').on(t.endpointId, t.subject, t.messageId),
  ],
);

/**
 * API keys for integrations (issue 27): per company, scoped to locations and to read or write, separate from user
 * tokens. Only the SHA-256 of the key is kept; `prefix` (its first characters) names it in lists.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serialId(),
    companyId: companyRef(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    access: apiKeyAccess('access').notNull().default(ApiKeyAccess.Read),
    /** null: every location of the company. */
    locationIds: integer('location_ids').array(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at'),
    revokedAt: instant('revoked_at'),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.keyHash), index('api_keys_company_idx').on(t.companyId)],
);
