import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  companies,
  items,
  locations,
  orders,
  printOrderContents,
  printOrders,
  printTags,
  tagCompanyFormats,
} from '../db/schema/index.js';
import { demoWorld } from '../test/demo-world.js';

/**
 * Date-only list filters are whole days of the zone the list is about: the location's for a
 * `/locations/:id/…` list, the company's for a company-wide one. 2026-03-10T03:30:00Z is 23:30 on
 * 03-09 in New York (EDT since 03-08, UTC-4) and 04:30 on 03-10 in Madrid (CET, UTC+1).
 */
const AT = new Date('2026-03-10T03:30:00Z');
const SINCE_10TH = 'creation_date__gte=2026-03-10';
const UNTIL_9TH = 'creation_date__lte=2026-03-09';

describe('date-only list filters in the time zone of the listed location (or company)', () => {
  const demo = demoWorld();
  let nyc: number;
  let mad: number;

  /** A purchase order arriving at `locationId`, created at AT. */
  const orderAt = async (locationId: number, code: string) => {
    const created = await demo.t.call('POST', '/api/porders/', demo.admin, {
      order_code: code,
      destination_id: locationId,
      origin_id: demo.ids.providerId,
      destination_status: 0,
      estimated_arrival_date: '2026-03-20 10:00:00',
    });
    expect(created.statusCode).toBe(201);
    await demo.t.database.db.update(orders).set({ creationDate: AT }).where(eq(orders.id, created.json().id));
  };

  /** How many rows a list answers for `filter`. */
  const countOf = async (url: string, filter: string) => {
    const response = await demo.t.call('GET', `${url}${url.includes('?') ? '&' : '?'}${filter}`, demo.admin);
    expect(response.statusCode).toBe(200);
    return response.json().count as number;
  };

  /** A label of a new print order, printed at AT. */
  const labelPrintedAt = async () => {
    const db = demo.t.database.db;
    const [format] = await db.select({ id: tagCompanyFormats.id }).from(tagCompanyFormats).limit(1);
    const [item] = await db.select({ itemTypeId: items.itemTypeId, gtin: items.gtin }).from(items).limit(1);
    if (!format || !item?.itemTypeId || !item.gtin) throw new Error('the demo has a tag format and items');
    const [order] = await db
      .insert(printOrders)
      .values({ companyId: demo.ids.companyId, tagCompanyFormatId: format.id, name: 'TZ-LOG' })
      .returning({ id: printOrders.id });
    if (!order) throw new Error('print order not inserted');
    const [content] = await db
      .insert(printOrderContents)
      .values({ printOrderId: order.id, itemTypeId: item.itemTypeId, gtin: item.gtin, quantity: 1 })
      .returning({ id: printOrderContents.id });
    if (!content) throw new Error('content not inserted');
    await db.insert(printTags).values({
      companyId: demo.ids.companyId,
      printOrderId: order.id,
      contentId: content.id,
      labelNumber: 1,
      gtin: item.gtin,
      serial: 990_001,
      epc: 'TZ-LOG-EPC',
      printedAt: AT,
    });
  };

  /** The labels of the print log between two dates. */
  const loggedLabels = async (from: string, to: string) => {
    const response = await demo.t.call(
      'GET',
      `/api/printer/print_log/?printed_at__gte=${from}&printed_at__lte=${to}`,
      demo.admin,
    );
    expect(response.statusCode).toBe(200);
    return response.body.trim().split('\n').length - 1;
  };

  beforeAll(async () => {
    nyc = demo.locationId('CD-BCN');
    mad = demo.locationId('CD-MAD');
    await demo.t.database.db.update(locations).set({ timeZone: 'America/New_York' }).where(eq(locations.id, nyc));
    await orderAt(nyc, 'TZ-NYC');
    await orderAt(mad, 'TZ-MAD');
    await labelPrintedAt();
  });

  it("reads a location's list filters as days of the location's zone, not Madrid's", async () => {
    const ny = `/api/locations/${nyc}/v1/porders/?order_code=TZ-NYC`;
    expect(await countOf(ny, SINCE_10TH)).toBe(0);
    expect(await countOf(ny, UNTIL_9TH)).toBe(1);
    expect(await countOf(ny, 'creation_date__gte=2026-03-09&creation_date__lte=2026-03-09')).toBe(1);
    // The same instant at a Madrid location is on the 10th.
    const madrid = `/api/locations/${mad}/v1/porders/?order_code=TZ-MAD`;
    expect(await countOf(madrid, SINCE_10TH)).toBe(1);
    expect(await countOf(madrid, UNTIL_9TH)).toBe(0);
    // A date-time is that instant in any zone.
    expect(await countOf(ny, 'creation_date__gte=2026-03-09T23:30:00-04:00')).toBe(1);
  });

  it("reads a company-wide list's filters as days of the company's zone", async () => {
    const [item] = await demo.t.database.db.select({ id: items.id, epc: items.epc }).from(items).limit(1);
    if (!item) throw new Error('the demo has items');
    await demo.t.database.db.update(items).set({ lastSeenAt: AT }).where(eq(items.id, item.id));
    const tracked = `/api/items/?epc=${item.epc}`;
    const providerOrders = `/api/providers/${demo.ids.providerId}/porders/?order_code__icontains=TZ-`;

    /** The counts on the 10th and up to the 9th: the tracked item, the provider's orders, the labels logged. */
    const expectCounts = async (expected: { items: number[]; orders: number[]; labels: number[] }) => {
      expect([
        await countOf(tracked, 'last_seen_at__gte=2026-03-10'),
        await countOf(tracked, 'last_seen_at__lte=2026-03-09'),
      ]).toEqual(expected.items);
      expect([await countOf(providerOrders, SINCE_10TH), await countOf(providerOrders, UNTIL_9TH)]).toEqual(expected.orders);
      expect([await loggedLabels('2026-03-10', '2026-03-10'), await loggedLabels('2026-03-09', '2026-03-09')]).toEqual(
        expected.labels,
      );
    };

    // Madrid, the default: the instant is on the 10th.
    await expectCounts({ items: [1, 0], orders: [2, 0], labels: [1, 0] });
    expect(await loggedLabels('2026-03-10 04:00:00', '2026-03-10 05:00:00')).toBe(1);

    await demo.t.database.db.update(companies).set({ timeZone: 'America/New_York' }).where(eq(companies.id, demo.ids.companyId));
    try {
      await expectCounts({ items: [0, 1], orders: [0, 2], labels: [0, 1] });
      // A wall-clock time is the company's too: 23:00–23:59 on the 9th in New York.
      expect(await loggedLabels('2026-03-09 23:00:00', '2026-03-09 23:59:59')).toBe(1);
      expect(await loggedLabels('2026-03-10 04:00:00', '2026-03-10 05:00:00')).toBe(0);
    } finally {
      await demo.t.database.db.update(companies).set({ timeZone: 'Europe/Madrid' }).where(eq(companies.id, demo.ids.companyId));
    }
  });
});
