/**
 * The outbox's entry point (issue 27): `emitWebhookEvent(tx, event)` in the transaction of a change. The writes are in
 * emit.repository.ts; the modules import them from here.
 */
export { emitWebhookEvent, emitWebhookEvents } from './emit.repository.js';
