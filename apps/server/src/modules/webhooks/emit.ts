/**
 * The outbox's entry point (issue 27): `emitWebhookEvent(tx, event)` in the transaction of a change. The writes are in
 * emit.repository.ts; the modules import them from here.
 */
import type { WebhookEventType } from '@rfid/contract';
import type { WebhookEvent } from './emit.repository.js';

export { emitWebhookEvent, emitWebhookEvents } from './emit.repository.js';

/** The event `type` about `subject` of a record of a company and location (`owner`: its endpoints get it), with `data`. */
export const webhookEvent = (
  type: WebhookEventType,
  { companyId, locationId }: Pick<WebhookEvent, 'companyId' | 'locationId'>,
  subject: string,
  data: Record<string, unknown>,
): WebhookEvent => ({ companyId, locationId, type, subject, data });
