import { type ValueOf, valuesOf } from './const-enum.js';

/**
 * Integrations with a company's other systems (issue 27): outbound webhooks, API keys, catalogue and ERP imports.
 * The enums every side shares; each feature's request and answer schemas live in its own file.
 */

/**
 * What a webhook endpoint may subscribe to: the `type` of a Standard Webhooks payload
 * (https://www.standardwebhooks.com/: `{ type, timestamp, data }`).
 */
export const WebhookEventType = {
  /** An item moved: the EPCIS 2.0 event the items ledger wrote (data: the event as JSON-LD). */
  EpcisEvent: 'epcis.event',
  /** A purchase order's or box's status changed. */
  OrderStatusChanged: 'order.status_changed',
  /** An exit gate raised an alarm, or a user resolved one. */
  ExitAlarm: 'exit_alarm.changed',
  /** A GTIN's stock went under its minimum (or back over it). */
  StockAlarm: 'stock_alarm.changed',
  /** An inventory was validated: its approved differences. */
  InventoryValidated: 'inventory.validated',
  /** A print order finished (all its labels printed, or failed). */
  PrintFinished: 'print.finished',
  /** Sellable stock changed (item status, floor and stockroom). */
  AvailabilityChanged: 'availability.changed',
  /** The result of an EPCIS subscription (a named query run on schedule or on capture). */
  EpcisQueryResult: 'epcis.query_result',
} as const;
export type WebhookEventType = ValueOf<typeof WebhookEventType>;
export const WEBHOOK_EVENT_TYPES = valuesOf(WebhookEventType);

/** A delivery of one message to one endpoint. */
export const WebhookDeliveryState = {
  /** Waiting for its turn (an earlier message of the same subject) or for its next attempt. */
  Pending: 'pending',
  Succeeded: 'succeeded',
  /** Gave up (attempts exhausted, or the endpoint was disabled): replayable. */
  Failed: 'failed',
} as const;
export type WebhookDeliveryState = ValueOf<typeof WebhookDeliveryState>;
export const WEBHOOK_DELIVERY_STATES = valuesOf(WebhookDeliveryState);

/** What an API key may do: read only, or read and write. */
export const ApiKeyAccess = {
  Read: 'read',
  Write: 'write',
} as const;
export type ApiKeyAccess = ValueOf<typeof ApiKeyAccess>;
export const API_KEY_ACCESS = valuesOf(ApiKeyAccess);

/** A file import (catalogue, ERP stock) as a background job. */
export const ImportState = {
  Queued: 'queued',
  Running: 'running',
  Succeeded: 'succeeded',
  Failed: 'failed',
} as const;
export type ImportState = ValueOf<typeof ImportState>;
export const IMPORT_STATES = valuesOf(ImportState);
