import { readFileSync } from 'node:fs';
import { gtinCheckDigit } from '@rfid/epc';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { boxContents, boxes, itemTypes, locations, orders, providers } from '../../db/schema/index.js';
import { appWithViewers } from '../../test/admin-fixtures.js';
import { addArea, freshEpcs, stockItems } from '../inventory/inventory.fixtures.js';
import { addReader, postSet } from '../movements/outbound-fixtures.js';
import { canonicalTime, epcUri } from './epcis.identity.js';
import { STANDARD_FOLDER, schemaErrors } from './epcis.schema.js';

type Json = Record<string, unknown>;
const withCheck = (digits: string) => digits + String(gtinCheckDigit(digits));
const GLN_MAD = withCheck('843700000001');
const GLN_STORE = withCheck('843700000002');
const standardFile = (name: string): Json => JSON.parse(readFileSync(new URL(name, STANDARD_FOLDER), 'utf8'));

const DOCUMENTS = [
  'Example_9.6.1-ObjectEvent.jsonld',
  'Example_9.6.1-ObjectEventWithDigitalLink.jsonld',
  'Example_9.6.2-ObjectEvent.jsonld',
  'Example_9.6.3-AggregationEvent.jsonld',
];
const SINGLE_EVENTS = ['ObjectEvent.json', 'AggregationEvent.json'];

describe('EPCIS 2.0 REST bindings', () => {
  const w = appWithViewers();
  let storeId: number;

  beforeAll(async () => {
    const db = w.t.database.db;
    await db.update(locations).set({ gln: GLN_MAD }).where(eq(locations.code, 'CD-MAD'));
    await db.update(locations).set({ gln: GLN_STORE }).where(eq(locations.code, 'T-MAD-01'));
    storeId = (await db.select({ id: locations.id }).from(locations).where(eq(locations.code, 'T-MAD-01')))[0]?.id ?? 0;
  }, 240_000);

  /** The demo's CD-MAD, a supplier of its company and `typeCount` item types of its catalog. */
  const demoCenter = async (typeCount: number) => {
    const db = w.t.database.db;
    const [center] = await db.select().from(locations).where(eq(locations.code, 'CD-MAD'));
    if (!center) throw new Error('demo data missing');
    const [provider] = await db.select().from(providers).where(eq(providers.companyId, center.companyId)).limit(1);
    const types = await db.select().from(itemTypes).where(eq(itemTypes.companyId, center.companyId)).limit(typeCount);
    return { db, center, provider, types };
  };

  const get = async (url: string, token = w.admin) => {
    const r = await w.t.app.inject({ url, headers: { authorization: token } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['gs1-epcis-version']).toBe('2.0.0');
    return r;
  };
  /** Every page of a query, following `Link: rel="next"`; each page validated against the standard's schema. */
  const all = async (url: string, token = w.admin): Promise<Json[]> => {
    const events: Json[] = [];
    let next: string | null = url;
    while (next) {
      const r = await get(next, token);
      const body = r.json();
      expect(schemaErrors(body)).toEqual([]);
      events.push(...body.epcisBody.queryResults.resultsBody.eventList);
      next = /<([^>]+)>; rel="next"/.exec(String(r.headers.link ?? ''))?.[1] ?? null;
    }
    return events;
  };
  const capture = async (body: unknown, token = w.admin, url = '/epcis/capture') => {
    const r = await w.t.app.inject({ method: 'POST', url, headers: { authorization: token }, payload: body as Json });
    expect(r.statusCode, r.body).toBe(202);
    const job = (await get(String(r.headers.location), token)).json();
    return job;
  };
  const document = (events: Json[]) => ({
    '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'],
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: new Date().toISOString(),
    epcisBody: { eventList: events },
  });

  it("accepts each of the standard's worked examples and answers them from the query interface", async () => {
    const sent: Json[] = [];
    for (const name of DOCUMENTS) {
      const doc = standardFile(name);
      const job = await capture(doc);
      expect(job, name).toMatchObject({ running: false, success: true });
      sent.push(...((doc.epcisBody as Json).eventList as Json[]));
    }
    for (const name of SINGLE_EVENTS) {
      const event = standardFile(name);
      expect(await capture(event, w.admin, '/epcis/events'), name).toMatchObject({ running: false, success: true });
      sent.push(event);
    }
    const stored = await all('/epcis/events?perPage=3');
    for (const event of sent) {
      const found = stored.find(
        (e) =>
          e.type === event.type &&
          canonicalTime(String(e.eventTime)) === canonicalTime(String(event.eventTime)) &&
          (event.eventID === undefined || e.eventID === event.eventID),
      );
      expect(found, JSON.stringify(event)).toBeDefined();
      const byId = (await get(`/epcis/events/${encodeURIComponent(String(found?.eventID))}`)).json();
      expect(byId.eventID).toBe(found?.eventID);
    }
    // the extension of a worked example keeps its JSON-LD context
    const extended = stored.find((e) => e['example:myField'] !== undefined);
    expect(extended?.['@context']).toBeDefined();
    const jobs = (await get('/epcis/capture')).json();
    expect(jobs).toHaveLength(DOCUMENTS.length + SINGLE_EVENTS.length);
  });

  it('refuses a document that breaks the schema with its errors, in the reader’s language', async () => {
    const bad = document([{ type: 'ObjectEvent', action: 'OBSERVE', epcList: [] }]);
    for (const [language, text] of [
      ['en', 'not a valid EPCIS 2.0 document'],
      ['es', 'no es un documento EPCIS 2.0 válido'],
    ]) {
      const r = await w.t.app.inject({
        method: 'POST',
        url: '/epcis/capture',
        headers: { authorization: w.admin, 'accept-language': String(language) },
        payload: bad,
      });
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toContain(text);
      expect(JSON.stringify(r.json().errors)).toContain('eventTime');
    }
    const notJson = await w.t.app.inject({
      method: 'POST',
      url: '/epcis/capture',
      headers: { authorization: w.admin, 'content-type': 'application/ld+json' },
      payload: '{nope',
    });
    expect(notJson.statusCode).toBe(400);
  });

  const at = (minute: number) => `2030-01-01T10:${String(minute).padStart(2, '0')}:00.000+01:00`;
  const mine = (i: number, bizStep: string, gln: string, epc: string) => ({
    type: 'ObjectEvent',
    action: 'OBSERVE',
    bizStep,
    disposition: bizStep === 'shipping' ? 'in_transit' : 'in_progress',
    epcList: [epc],
    eventTime: at(i),
    eventTimeZoneOffset: '+01:00',
    readPoint: { id: `https://id.gs1.org/414/${gln}/254/${i}` },
    bizLocation: { id: `https://id.gs1.org/414/${gln}` },
  });
  const EPC_A = 'urn:epc:id:sgtin:8437000.012345.1';
  const EPC_B = 'urn:epc:id:sgtin:8437000.012345.2';

  it('filters by the standard parameters and pages with Link: rel="next"', async () => {
    const events = [
      mine(1, 'shipping', GLN_MAD, EPC_A),
      mine(2, 'receiving', GLN_STORE, EPC_A),
      mine(3, 'receiving', GLN_STORE, EPC_B),
      mine(4, 'shipping', GLN_MAD, EPC_B),
      mine(5, 'receiving', GLN_MAD, EPC_B),
    ];
    expect(await capture(document(events))).toMatchObject({ success: true, eventCount: 5 });
    const window = `GE_eventTime=${encodeURIComponent(at(0))}&LT_eventTime=${encodeURIComponent(at(59))}`;
    const times = (list: Json[]) => list.map((e) => canonicalTime(String(e.eventTime)));
    expect(await all(`/epcis/events?${window}&perPage=2`)).toHaveLength(5);
    const first = await get(`/epcis/events?${window}&perPage=2`);
    expect(first.headers.link).toMatch(/nextPageToken=.*rel="next"/);
    expect(times(await all(`/epcis/events?${window}&EQ_bizStep=shipping`))).toEqual([at(1), at(4)].map(canonicalTime));
    expect(await all(`/epcis/events?${window}&EQ_bizStep=shipping|receiving&perPage=1`)).toHaveLength(5);
    expect(await all(`/epcis/events?${window}&EQ_disposition=in_transit`)).toHaveLength(2);
    expect(await all(`/epcis/events?${window}&EQ_bizStep=https://ref.gs1.org/cbv/BizStep-shipping`)).toHaveLength(2);
    expect(await all(`/epcis/events?${window}&EQ_disposition=urn:epcglobal:cbv:disp:in_transit`)).toHaveLength(2);
    expect(await all(`/epcis/events?GE_eventTime=${at(2)}&LT_eventTime=${at(4)}`)).toHaveLength(2);
    expect(await all(`/epcis/events?${window}&MATCH_epc=${EPC_A}`)).toHaveLength(2);
    // the same EPC as a Digital Link, and an EPC pattern
    expect(
      await all(
        `/epcis/events?${window}&MATCH_epc=${encodeURIComponent(`https://id.gs1.org/01/${withCheck('0843700012345')}/21/2`)}`,
      ),
    ).toHaveLength(3);
    expect(await all(`/epcis/events?${window}&MATCH_epc=urn:epc:idpat:sgtin:8437000.012345.*`)).toHaveLength(5);
    expect(await all(`/epcis/epcs/${encodeURIComponent(EPC_B)}/events?${window}`)).toHaveLength(3);
    const store = `https://id.gs1.org/414/${GLN_STORE}`;
    expect(await all(`/epcis/events?${window}&EQ_bizLocation=${encodeURIComponent(store)}`)).toHaveLength(2);
    expect(await all(`/epcis/events?${window}&EQ_readPoint=${encodeURIComponent(`${store}/254/3`)}`)).toHaveLength(1);
    expect(await all(`/epcis/events?eventType=AggregationEvent&${window}`)).toHaveLength(0);
    expect(
      await all(`/epcis/events?GE_eventTime=${encodeURIComponent(at(3))}&LT_eventTime=${encodeURIComponent(at(5))}`),
    ).toHaveLength(2);
    // vocabularies
    expect((await get('/epcis/bizSteps')).json()['@set']).toEqual(expect.arrayContaining(['receiving', 'shipping']));
    expect((await get('/epcis/bizLocations')).json()['@set']).toContain(store);
    expect((await get('/epcis/epcs')).json()['@set']).toContain(EPC_A);
    expect((await get('/epcis/eventTypes')).json()['@set']).toContain('ObjectEvent');
    // bad parameters are 400s
    for (const q of ['perPage=0', 'perPage=x', 'GE_eventTime=yesterday', 'nextPageToken=zzz']) {
      const r = await w.t.app.inject({ url: `/epcis/events?${q}`, headers: { authorization: w.admin } });
      expect(r.statusCode, q).toBe(400);
    }
  });

  it('answers discovery: OPTIONS with the versions, the top-level resources, a value’s sub-resources', async () => {
    const options = await w.t.app.inject({ method: 'OPTIONS', url: '/epcis/events', headers: { authorization: w.admin } });
    expect(options.statusCode).toBe(204);
    expect(options.headers.allow).toBe('OPTIONS, GET, POST');
    expect(options.headers['gs1-epcis-min']).toBe('2.0.0');
    expect(options.headers['gs1-cbv-max']).toBe('2.0.0');
    const bizSteps = await w.t.app.inject({ method: 'OPTIONS', url: '/epcis/bizSteps', headers: { authorization: w.admin } });
    expect(bizSteps.headers.allow).toBe('OPTIONS, GET');
    expect((await w.t.app.inject({ method: 'OPTIONS', url: '/epcis/events' })).statusCode).toBe(401);
    expect((await get('/epcis/')).json().member).toContain('events');
    expect((await get('/epcis/eventTypes/ObjectEvent')).json().member).toEqual(['events']);
    expect((await get('/epcis/bizSteps/shipping')).json().member).toEqual(['events']);
    const unknown = await w.t.app.inject({ url: '/epcis/eventTypes/CarrotEvent', headers: { authorization: w.admin } });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers only what the location scope lets a user see', async () => {
    const window = `GE_eventTime=${encodeURIComponent(at(0))}&LT_eventTime=${encodeURIComponent(at(59))}`;
    const seen = await all(`/epcis/events?${window}`, w.viewer);
    expect(seen).toHaveLength(2);
    expect(seen.every((e) => (e.bizLocation as Json).id === `https://id.gs1.org/414/${GLN_STORE}`)).toBe(true);
    const hidden = (await all(`/epcis/events?${window}`)).find(
      (e) => (e.bizLocation as Json).id !== `https://id.gs1.org/414/${GLN_STORE}`,
    );
    const r = await w.t.app.inject({
      url: `/epcis/events/${encodeURIComponent(String(hidden?.eventID))}`,
      headers: { authorization: w.viewer },
    });
    expect(r.statusCode).toBe(404);
    expect(await all('/epcis/events', w.foreign)).toEqual([]);
    expect((await get('/epcis/bizSteps', w.foreign)).json()['@set']).toEqual([]);
    const job = (await get('/epcis/capture')).json()[0];
    expect(
      (await w.t.app.inject({ url: `/epcis/capture/${job.captureID}`, headers: { authorization: w.foreign } })).statusCode,
    ).toBe(404);
    expect((await w.t.app.inject({ url: '/epcis/events' })).statusCode).toBe(401);
    const refused = await w.t.app.inject({
      method: 'POST',
      url: '/epcis/capture',
      headers: { authorization: w.viewer },
      payload: document([]),
    });
    expect(refused.statusCode).toBe(403);
    expect(storeId).toBeGreaterThan(0);
  });

  it('turns a dispatch advice (SSCC → SGTINs, desadv) into the purchase order’s expected box', async () => {
    const { db, center, provider, types } = await demoCenter(2);
    const created = await w.t.call('POST', '/api/porders/', w.admin, {
      order_code: 'PO-ASN-1',
      destination_id: center.id,
      origin_id: provider?.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const [order] = await db.select().from(orders).where(eq(orders.id, created.json().id));
    const sgtin = (gtin: string, serial: number) =>
      `urn:epc:id:sgtin:${gtin.slice(1, 8)}.${gtin[0]}${gtin.slice(8, 13)}.${serial}`;
    const [a, b] = types.map((x) => x.gtin.padStart(14, '0'));
    if (!order || !a || !b) throw new Error('demo data missing');
    const sscc = withCheck('38437000000000001');
    const asn = {
      type: 'AggregationEvent',
      eventTime: '2030-01-02T08:00:00.000Z',
      eventTimeZoneOffset: '+01:00',
      parentID: `urn:epc:id:sscc:8437000.3000000001`,
      childEPCs: [sgtin(a, 901), sgtin(a, 902), sgtin(b, 903)],
      action: 'ADD',
      bizStep: 'packing',
      bizTransactionList: [
        { type: 'desadv', bizTransaction: `urn:epcglobal:cbv:bt:8412345000005:${encodeURIComponent(order.orderCode)}` },
      ],
    };
    expect(await capture(document([asn]))).toMatchObject({ success: true, eventCount: 1 });
    const [box] = await db
      .select()
      .from(boxes)
      .where(and(eq(boxes.orderId, order.id), eq(boxes.codebar, sscc)));
    expect(box).toBeDefined();
    const contents = await db
      .select()
      .from(boxContents)
      .where(eq(boxContents.boxId, box?.id ?? 0));
    expect(contents.map((c) => c.quantity).sort()).toEqual([1, 2]);
    // captured again: the box is there already, nothing more
    expect(await capture(document([{ ...asn, eventTime: '2030-01-02T08:00:01.000Z' }]))).toMatchObject({ success: true });
    expect(await db.select().from(boxes).where(eq(boxes.codebar, sscc))).toHaveLength(1);
    // an advice naming no order of the company fails the job, and stores nothing
    const unknown = {
      ...asn,
      eventTime: '2030-01-03T08:00:00.000Z',
      bizTransactionList: [{ type: 'desadv', bizTransaction: 'urn:epcglobal:cbv:bt:8412345000005:NOPE-1' }],
    };
    const job = await capture(document([unknown]));
    expect(job).toMatchObject({ running: false, success: false, eventCount: 0 });
    expect(JSON.stringify(job.errors)).toContain('NOPE-1');
  });
  it('tells an inventory (reads, then lost items) and an announced SSCC box read at the entry', async () => {
    const {
      db,
      center,
      provider,
      types: [type],
    } = await demoCenter(1);
    if (!type) throw new Error('demo data missing');
    const companyId = center.companyId;
    const events = async (q: string) => all(`/epcis/events?${q}&perPage=200`);

    // A handheld reads 2 of the area's 3 items: a cycle count; validated, the third is lost (disposition unknown).
    const areaId = await addArea(db, { locationId: center.id, description: 'EPCIS-inventory' });
    const stock =
      (await stockItems(db, { companyId, locationId: center.id, areaId, lines: [{ gtin: type.gtin, count: 3 }] }))[type.gtin] ??
      [];
    const hh = await addReader(db, {
      companyId,
      serialNumber: 'HH-EPCIS',
      mac: '02:00:00:00:17:01',
      locationId: center.id,
      areaId,
      workingMode: 2,
    });
    expect(
      (await postSet(w.t, { device: 'HH-EPCIS', key: hh, epcs: stock.slice(0, 2), at: '2031-01-01T10:00:05Z' })).statusCode,
    ).toBeLessThan(300);
    const area = `https://id.gs1.org/414/${GLN_MAD}`;
    const counted = await events(`EQ_bizStep=cycle_counting&MATCH_epc=${encodeURIComponent(epcUri(stock[0] ?? ''))}`);
    expect(counted).toHaveLength(1);
    expect(counted[0]).toMatchObject({
      action: 'OBSERVE',
      bizLocation: { id: area },
      readPoint: { id: `urn:x-rfid-stock:area:${areaId}` },
    });
    expect([...((counted[0]?.epcList as string[] | undefined) ?? [])].sort()).toEqual(stock.slice(0, 2).map(epcUri).sort());
    expect(counted[0]?.disposition).toBeUndefined();
    const list = (await w.t.call('GET', `/api/locations/${center.id}/inventories/?location_area=${areaId}`, w.admin)).json();
    const validated = await w.t.call('PUT', `/api/inventorys/${list.results[0].id}/`, w.admin, { state: 2 });
    expect(validated.statusCode, validated.body).toBe(200);
    const lost = await events(`EQ_disposition=unknown&MATCH_epc=${encodeURIComponent(epcUri(stock[2] ?? ''))}`);
    expect(lost).toMatchObject([{ bizStep: 'cycle_counting', epcList: [epcUri(stock[2] ?? '')] }]);

    // A supplier's ASN announces an SSCC box; the entry tunnel reads it: receiving + the box's aggregation, with the PO.
    const po = await w.t.call('POST', '/api/porders/', w.admin, {
      order_code: 'PO-ASN-2',
      destination_id: center.id,
      origin_id: provider?.id,
    });
    expect(po.statusCode, po.body).toBe(201);
    const tags = freshEpcs(type.gtin, 3);
    const sscc = withCheck('38437000000000002');
    const asn = {
      type: 'AggregationEvent',
      eventTime: '2031-01-02T08:00:00.000Z',
      eventTimeZoneOffset: '+01:00',
      parentID: `https://id.gs1.org/00/${sscc}`,
      childEPCs: tags.map(epcUri),
      action: 'ADD',
      bizStep: 'packing',
      bizTransactionList: [{ type: 'desadv', bizTransaction: 'urn:epcglobal:cbv:bt:8412345000005:PO-ASN-2' }],
    };
    expect(await capture(document([asn]))).toMatchObject({ success: true });
    const entry = await addReader(db, {
      companyId,
      serialNumber: 'ENTRY-EPCIS',
      mac: '02:00:00:00:17:02',
      locationId: center.id,
      areaId,
      workingMode: 0,
    });
    const read = await postSet(w.t, { device: 'ENTRY-EPCIS', key: entry, codebar: sscc, epcs: tags, at: '2031-01-03T09:00:05Z' });
    expect(read.statusCode, read.body).toBeLessThan(300);
    const received = await events(`EQ_bizStep=receiving&MATCH_epc=${encodeURIComponent(epcUri(tags[0] ?? ''))}`);
    expect(received.map((e) => e.type).sort()).toEqual(['AggregationEvent', 'ObjectEvent']);
    const object = received.find((e) => e.type === 'ObjectEvent');
    expect(object).toMatchObject({ disposition: 'in_progress', bizLocation: { id: area }, eventTimeZoneOffset: '+01:00' });
    expect(object?.bizTransactionList).toEqual([{ type: 'po', bizTransaction: `urn:epcglobal:cbv:bt:${GLN_MAD}:PO-ASN-2` }]);
    expect(received.find((e) => e.type === 'AggregationEvent')).toMatchObject({
      action: 'OBSERVE',
      parentID: `https://id.gs1.org/00/${sscc}`,
    });
    // the product's own box events: by the SSCC as parentID (MATCH_anyEPC; MATCH_epc looks at epcList/childEPCs only)
    expect(
      await events(`MATCH_anyEPC=${encodeURIComponent(`https://id.gs1.org/00/${sscc}`)}&eventType=AggregationEvent`),
    ).toHaveLength(2);
    expect(
      await events(`MATCH_epc=${encodeURIComponent(`https://id.gs1.org/00/${sscc}`)}&eventType=AggregationEvent`),
    ).toHaveLength(0);
  });
});
