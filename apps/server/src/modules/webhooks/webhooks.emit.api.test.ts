import { ExitAlarmStatus, ItemState, WebhookEventType } from '@rfid/contract';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import {
  exitAlarms,
  items,
  minimumStocks,
  stockNow,
  users,
  webhookDeliveries,
  webhookEndpoints,
  webhookMessages,
} from '../../db/schema/index.js';
import { locationIdByCode } from '../../test/admin-fixtures.js';
import { demoReaders } from '../../test/demo-readers.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { newEpcs, postSet } from '../movements/outbound-fixtures.js';
import { type InboundIds, loadInboundIds } from '../orders/inbound-fixtures.js';
import { newSecret } from './webhooks.rules.js';

/**
 * The events emitted where things change (issue 27), through the API as users and readers make them: an exit gate's
 * alarm raised, resolved as lost (the item's move is an EPCIS event), the endpoints' event types and location scope.
 */
describe('webhook events emitted by the changes', () => {
  let t: TestApp;
  let ids: InboundIds;
  let companyId: number;
  let store: number;
  let bcn: number;
  const { storeGate: gate, storeTill: till } = demoReaders;

  const addEndpoint = async (eventTypes: string[], locationIds: number[] | null = null) => {
    const [row] = await t.database.db
      .insert(webhookEndpoints)
      .values({ companyId, url: 'https://hooks.example.com/x', eventTypes, locationIds, secret: newSecret() })
      .returning();
    if (!row) throw new Error('no endpoint');
    return row.id;
  };
  const messagesTo = (endpointId: number) =>
    t.database.db
      .select({ type: webhookMessages.eventType, subject: webhookMessages.subject, data: webhookMessages.payload })
      .from(webhookDeliveries)
      .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(asc(webhookMessages.id));

  beforeAll(async () => {
    const config = loadConfig();
    t = await buildTestApp({ options: { config: { ...config, webhooks: { ...config.webhooks, sender: false } } } });
    ids = await loadInboundIds(t.database.db);
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, 'admin@demo.local'));
    companyId = admin?.companyId ?? 0;
    store = await locationIdByCode(t.database.db, 'T-MAD-01');
    bcn = await locationIdByCode(t.database.db, 'T-BCN-01');
  });
  afterAll(async () => t.close());

  it('writes nothing to the outbox while no endpoint subscribes', async () => {
    const before = await t.database.db.select({ id: webhookMessages.id }).from(webhookMessages);
    const [epc] = newEpcs(ids.gtins[0]?.gtin as string, 1) as [string];
    expect((await postSet(t, { ...gate, epcs: [epc], at: '2026-05-03T09:00:00Z' })).statusCode).toBe(201);
    expect(await t.database.db.select({ id: webhookMessages.id }).from(webhookMessages)).toEqual(before);
  });

  it('an exit alarm raised, then resolved as lost: exit_alarm.changed twice and the move as an epcis.event', async () => {
    const alarmsEndpoint = await addEndpoint([WebhookEventType.ExitAlarm, WebhookEventType.EpcisEvent]);
    const otherStore = await addEndpoint([WebhookEventType.ExitAlarm], [bcn]);
    const ordersOnly = await addEndpoint([WebhookEventType.OrderStatusChanged]);
    const [epc] = newEpcs(ids.gtins[0]?.gtin as string, 1) as [string];
    expect((await postSet(t, { ...gate, epcs: [epc], at: '2026-05-03T10:00:00Z' })).statusCode).toBe(201);
    // A second read within the window is the same alarm: no new event.
    await postSet(t, { ...gate, epcs: [epc], at: '2026-05-03T10:00:20Z' });
    const [alarm] = await t.database.db.select().from(exitAlarms).where(eq(exitAlarms.epc, epc));
    expect(await messagesTo(alarmsEndpoint)).toEqual([
      {
        type: 'exit_alarm.changed',
        subject: `exit_alarm:${alarm?.id}`,
        data: {
          change: 'raised',
          alarm: { id: alarm?.id, location: store, epc, status: ExitAlarmStatus.Open },
          at: '2026-05-03T10:00:00.000Z',
        },
      },
    ]);
    const resolved = await t.call('POST', `/api/exit_alarms/${alarm?.id}/resolve/`, await t.login('admin@demo.local'), {
      status: ExitAlarmStatus.Lost,
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const after = await messagesTo(alarmsEndpoint);
    expect(after.map((m) => m.type).sort()).toEqual(['epcis.event', 'exit_alarm.changed', 'exit_alarm.changed']);
    const epcis = after.find((m) => m.type === 'epcis.event');
    expect(epcis?.data).toMatchObject({
      '@context': 'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld',
      type: 'ObjectEvent',
      action: 'OBSERVE',
      disposition: 'stolen',
    });
    const epcList = (epcis?.data as { epcList?: string[] } | undefined)?.epcList ?? [];
    expect(epcList).toHaveLength(1);
    expect(epcis?.subject).toBe(`epc:${epcList[0]}`);
    expect(
      after.find((m) => m.type === 'exit_alarm.changed' && (m.data as { change: string }).change === 'resolved')?.data,
    ).toMatchObject({
      change: 'resolved',
      alarm: { id: alarm?.id, status: ExitAlarmStatus.Lost },
    });
    // Scoped to another store, or subscribed to other types: nothing.
    expect(await messagesTo(otherStore)).toEqual([]);
    expect(await messagesTo(ordersOnly)).toEqual([]);
  });

  it('a sale that takes a GTIN under its minimum in an area: stock_alarm.changed with alarm true', async () => {
    const id = await addEndpoint([WebhookEventType.StockAlarm]);
    const db = t.database.db;
    // An item STOCKED at the store, and its GTIN's stock in its area now.
    const [item] = await db
      .select({ epc: items.epc, areaId: items.areaId, itemTypeId: items.itemTypeId })
      .from(items)
      .where(
        and(
          eq(items.locationId, store),
          eq(items.state, ItemState.Stocked),
          isNotNull(items.itemTypeId),
          isNotNull(items.areaId),
        ),
      )
      .limit(1);
    if (!item?.areaId || !item.itemTypeId) throw new Error('no stocked item at the store');
    const [stock] = await db
      .select({ quantity: sql<number>`coalesce(sum(${stockNow.quantity}), 0)::int` })
      .from(stockNow)
      .where(and(eq(stockNow.areaId, item.areaId), eq(stockNow.itemTypeId, item.itemTypeId)));
    const quantity = Number(stock?.quantity ?? 0);
    // The minimum is the stock now: no alarm yet; one sold is one under it.
    await db
      .insert(minimumStocks)
      .values({ companyId, areaId: item.areaId, itemTypeId: item.itemTypeId, minimumStock: quantity });
    const sold = await postSet(t, { ...till, epcs: [item.epc], at: '2026-05-03T12:00:00Z' });
    expect(sold.statusCode, sold.body).toBe(201);
    expect(await messagesTo(id)).toEqual([
      {
        type: 'stock_alarm.changed',
        subject: `stock:${item.areaId}:${item.itemTypeId}`,
        data: expect.objectContaining({
          alarm: true,
          location: store,
          area: item.areaId,
          item_type: item.itemTypeId,
          minimum_stock: quantity,
          current_stock: quantity - 1,
          previous_stock: quantity,
        }),
      },
    ]);
  });

  it('a disabled endpoint gets no deliveries', async () => {
    const id = await addEndpoint([WebhookEventType.ExitAlarm]);
    await t.database.db.update(webhookEndpoints).set({ enabled: false }).where(eq(webhookEndpoints.id, id));
    const [epc] = newEpcs(ids.gtins[0]?.gtin as string, 1) as [string];
    await postSet(t, { ...gate, epcs: [epc], at: '2026-05-03T11:00:00Z' });
    expect(await messagesTo(id)).toEqual([]);
  });
});
