import {
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  WebhookDeliveryState,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@rfid/contract';
import { knownValue } from '../../db/rows.js';
import type { DeliveryRow, EndpointRow } from './webhooks.repository.js';
import { messageIdOf } from './webhooks.rules.js';

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());

/** The known event types of a row (a type no longer in the contract is left out, not answered). */
const eventTypesOf = (types: readonly string[]): WebhookEventType[] => WEBHOOK_EVENT_TYPES.filter((type) => types.includes(type));

/** An endpoint as the API answers it: never its secrets. */
export const toEndpoint = (row: EndpointRow, now: Date): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  event_types: eventTypesOf(row.eventTypes),
  location_ids: row.locationIds,
  enabled: row.enabled,
  disabled_reason: row.enabled ? null : row.disabledReason,
  disabled_at: row.enabled ? null : iso(row.disabledAt),
  consecutive_failures: row.consecutiveFailures,
  previous_secret_until:
    row.previousSecret && row.previousSecretUntil && row.previousSecretUntil.getTime() > now.getTime()
      ? row.previousSecretUntil.toISOString()
      : null,
  created_at: row.createdAt.toISOString(),
});

/** One delivery of the log. */
export const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  message_id: messageIdOf(row.messageId),
  event_type: row.eventType,
  subject: row.subject,
  state: knownValue(WEBHOOK_DELIVERY_STATES, row.state, 'webhook delivery with an unknown state'),
  attempts: row.attempts,
  last_status: row.lastStatus,
  last_error: row.lastError,
  last_duration_ms: row.lastDurationMs,
  last_attempt_at: iso(row.lastAttemptAt),
  next_attempt_at: row.state === WebhookDeliveryState.Pending ? row.nextAttemptAt.toISOString() : null,
  delivered_at: iso(row.deliveredAt),
  created_at: row.createdAt.toISOString(),
});
