import type { WebhookEventType } from '@rfid/contract';
import { and, arrayContains, arrayOverlaps, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { webhookDeliveries, webhookEndpoints, webhookMessages } from '../../db/schema/index.js';

/** One event to push to the company's webhook endpoints (issue 27). */
export type WebhookEvent = {
  companyId: number;
  /** The location it concerns (endpoints scoped to locations get only theirs); null: the whole company. */
  locationId: number | null;
  type: WebhookEventType;
  /** Deliveries of one subject to one endpoint keep their order (e.g. `order:12`, `epc:urn:epc:id:sgtin:…`). */
  subject: string;
  /** The Standard Webhooks `data`. */
  data: Record<string, unknown>;
  /** Only to this endpoint (an EPCIS subscription's), whatever it subscribed to. */
  endpointId?: number;
};

/**
 * The outbox's one writer: called in the transaction of the change, so an event is pushed if and only if the change
 * committed. Writes the message and one pending delivery per enabled endpoint subscribed to its type (and, when the
 * endpoint is scoped, to its location). The sender (modules/webhooks) delivers them after commit.
 */
export const emitWebhookEvent = async (db: DbOrTx, event: WebhookEvent): Promise<void> => {
  const targets = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.companyId, event.companyId),
        eq(webhookEndpoints.enabled, true),
        event.endpointId === undefined
          ? and(
              isNull(webhookEndpoints.epcisSubscriptionId),
              arrayContains(webhookEndpoints.eventTypes, [event.type]),
              event.locationId === null
                ? sql`true`
                : or(isNull(webhookEndpoints.locationIds), sql`${event.locationId} = any(${webhookEndpoints.locationIds})`),
            )
          : eq(webhookEndpoints.id, event.endpointId),
      ),
    );
  if (targets.length === 0) return;
  const [message] = await db
    .insert(webhookMessages)
    .values({
      companyId: event.companyId,
      locationId: event.locationId,
      eventType: event.type,
      subject: event.subject,
      payload: event.data,
    })
    .returning({ id: webhookMessages.id });
  if (!message) return;
  await db
    .insert(webhookDeliveries)
    .values(targets.map((t) => ({ endpointId: t.id, messageId: message.id, subject: event.subject })));
};

/**
 * Many events of one transaction at once (the items ledger's EPCIS events): per company, one indexed query finds the
 * enabled endpoints subscribed to any of the batch's types, so a company without endpoints costs that query and no
 * more; otherwise the messages and deliveries are written in two statements.
 */
export const emitWebhookEvents = async (db: DbOrTx, events: readonly WebhookEvent[]): Promise<void> => {
  const byCompany = new Map<number, WebhookEvent[]>();
  for (const event of events) {
    if (event.endpointId !== undefined) {
      await emitWebhookEvent(db, event);
      continue;
    }
    byCompany.set(event.companyId, [...(byCompany.get(event.companyId) ?? []), event]);
  }
  for (const [companyId, list] of byCompany) {
    const types = [...new Set(list.map((e) => e.type))];
    const endpoints = await db
      .select({ id: webhookEndpoints.id, eventTypes: webhookEndpoints.eventTypes, locationIds: webhookEndpoints.locationIds })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.companyId, companyId),
          eq(webhookEndpoints.enabled, true),
          isNull(webhookEndpoints.epcisSubscriptionId),
          arrayOverlaps(webhookEndpoints.eventTypes, types),
        ),
      );
    if (endpoints.length === 0) continue;
    const targeted = list
      .map((event) => ({
        event,
        targets: endpoints.filter(
          (e) =>
            e.eventTypes.includes(event.type) &&
            (event.locationId === null || e.locationIds === null || e.locationIds.includes(event.locationId)),
        ),
      }))
      .filter((t) => t.targets.length > 0);
    if (targeted.length === 0) continue;
    const messages = await db
      .insert(webhookMessages)
      .values(
        targeted.map(({ event }) => ({
          companyId,
          locationId: event.locationId,
          eventType: event.type,
          subject: event.subject,
          payload: event.data,
        })),
      )
      .returning({ id: webhookMessages.id });
    // A multi-row INSERT … RETURNING answers its rows in the order of VALUES (PostgreSQL and PGlite).
    const deliveries = targeted.flatMap(({ event, targets }, i) => {
      const message = messages[i];
      return message ? targets.map((t) => ({ endpointId: t.id, messageId: message.id, subject: event.subject })) : [];
    });
    if (deliveries.length > 0) await db.insert(webhookDeliveries).values(deliveries);
  }
};
