import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { addForeignCompany } from '../../test/admin-fixtures.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { STANDARD_FOLDER } from './epcis.schema.js';

/**
 * The SimpleEventQuery (EPCIS 2.0 section 8.2.7.1) over GS1's own example documents (apps/server/standards/epcis,
 * copied unchanged from github.com/gs1/EPCIS `JSON/`). Every expected answer below was read off the example files by
 * hand (the events are named in EVENTS); none is computed by the product's code.
 *
 * The documents are captured by the admin of a company of its own (no other events), so a query answers only them.
 */
type Json = Record<string, unknown>;
const file = (name: string): Json => JSON.parse(readFileSync(new URL(name, STANDARD_FOLDER), 'utf8'));

/** The examples' events, by a short name: their eventID, or (events without one) their eventTime as written. */
const EVENTS: Record<string, string> = {
  // Example_9.6.1-ObjectEvent.jsonld
  'ni:///sha-256;df7bb3c352fef055578554f09f5e2aa41782150ced7bd0b8af24dd3ccb30ba69?ver=CBV2.0': 'A1',
  'ni:///sha-256;00e1e6eba3a7cc6125be4793a631f0af50f8322e0ab5f2c0bab994a11cec1d79?ver=CBV2.0': 'A2',
  // Example_9.6.2-ObjectEvent.jsonld
  'ni:///sha-256;a98f08ae6ac4de3482054314d637c07010b448d3802dccb028a06aafcc6a4b10?ver=CBV2.0': 'B',
  // Example_9.6.3-AggregationEvent.jsonld
  'ni:///sha-256;87b5f18a69993f0052046d4687dfacdf48f7c988cfabda2819688c86b4066a49?ver=CBV2.0': 'C',
  // Example_9.6.4-TransformationEvent.jsonld
  'ni:///sha-256;e65c3a997e77f34b58306da7a82ab0fc91c7820013287700f0b50345e5795b97?ver=CBV2.0': 'D',
  // Example-TransactionEvents-2020_07_03y.jsonld (no eventIDs)
  '2019-10-04T13:12:00.000Z': 'T1',
  '2014-12-12T10:00:00.000Z': 'T2',
  // Example-Type-sourceOrDestination,measurement,bizTransaction.jsonld
  'ni:///sha-256;5f7c472bc4905de27a19b2efc8e4a9c6dc195139669b80b515f12218ff07cf65?ver=CBV2.0': 'S',
  // PersistentDisposition-example.jsonld
  'ni:///sha-256;56ba4f355c57456b41c3fb60b22d8342e759de503e3e618940ca3b6ad1bf9b00?ver=CBV2.0': 'P1',
  'ni:///sha-256;dae7b481207bb87f1d981c5f169b8138368ae152a41b002eaf36eca1f67d56f5?ver=CBV2.0': 'P2',
  // ErrorDeclarationAndCorrectiveEvent.jsonld
  'urn:uuid:374d95fc-9457-4a51-bd6a-0bba133845a8': 'E1',
  'urn:uuid:404d95fc-9457-4a51-bd6a-0bba133845a8': 'E2',
  // SensorDataExample1.jsonld (captured last, on its own: the recordTime cases)
  'ni:///sha-256;74f1dc48ee22289bc40ddd9f1d0ecae0dd09a2f4c3dfa66fdbca16cb2d8a4e77?ver=CBV2.0': 'SD',
};
const FIRST_BATCH = [
  'Example_9.6.1-ObjectEvent.jsonld',
  'Example_9.6.2-ObjectEvent.jsonld',
  'Example_9.6.3-AggregationEvent.jsonld',
  'Example_9.6.4-TransformationEvent.jsonld',
  'Example-TransactionEvents-2020_07_03y.jsonld',
  'Example-Type-sourceOrDestination,measurement,bizTransaction.jsonld',
  'PersistentDisposition-example.jsonld',
  'ErrorDeclarationAndCorrectiveEvent.jsonld',
];
const LAST = 'SensorDataExample1.jsonld';

/** Each parameter with the events the standard says it selects in these documents (read by hand). */
const CASES: [string, string[]][] = [
  ['eventType=ObjectEvent', ['A1', 'A2', 'B', 'P1', 'P2', 'SD']],
  ['eventType=AggregationEvent', ['C']],
  ['eventType=TransformationEvent|TransactionEvent', ['D', 'E1', 'E2', 'T1', 'T2']],
  ['eventType=AssociationEvent', ['S']],
  ['GE_eventTime=2019-01-01T00:00:00Z', ['T1', 'S', 'P1', 'P2', 'E1', 'E2', 'SD']],
  // B and C happened at exactly this instant: LT_ leaves them out, GE_ takes them.
  ['LT_eventTime=2013-06-08T14:58:56.591Z', ['A1', 'A2']],
  ['GE_eventTime=2013-06-08T14:58:56.591Z&LT_eventTime=2014-01-01T00:00:00Z', ['B', 'C', 'D']],
  ['GE_eventTime=2020-01-14T00:00:00%2B01:00', ['E1', 'E2', 'P1', 'P2']],
  ['EQ_action=ADD', ['T1', 'T2', 'S']],
  ['EQ_action=OBSERVE', ['A1', 'A2', 'B', 'C', 'P1', 'P2', 'SD']],
  ['EQ_action=DELETE', []],
  ['EQ_bizStep=receiving', ['A2', 'B', 'C', 'P1']],
  ['EQ_bizStep=https://ref.gs1.org/cbv/BizStep-inspecting', ['P2', 'SD']],
  ['EQ_bizStep=http://epcis.example.org/hc/bizstep/summarising_discharge', ['T1']],
  ['EQ_disposition=in_transit', ['A1', 'T2']],
  ['EQ_disposition=in_progress', ['A2', 'B', 'C', 'D', 'S', 'P1', 'P2']],
  ['EQ_persistentDisposition_set=completeness_inferred', ['P1']],
  ['EQ_persistentDisposition_set=completeness_verified', ['P2']],
  ['EQ_persistentDisposition_unset=completeness_inferred', ['P2']],
  ['EQ_readPoint=urn:epc:id:sgln:0614141.07346.1234', ['A1', 'E1', 'E2']],
  ['EQ_readPoint=urn:epc:id:sgln:0614141.07346.0', []],
  // WD_: the GLN's location (extension 0) holds its SGLNs of any extension.
  ['WD_readPoint=urn:epc:id:sgln:0614141.07346.0', ['A1', 'E1', 'E2']],
  ['WD_readPoint=https://id.gs1.org/414/0614141073467', ['A1', 'E1', 'E2']],
  ['EQ_bizLocation=urn:epc:id:sgln:952005385.011.0', []],
  ['WD_bizLocation=urn:epc:id:sgln:952005385.011.0', ['T2']],
  ['EQ_bizLocation=urn:epc:id:sgln:0012345.11111.0', ['A2']],
  ['MATCH_epc=urn:epc:id:sgtin:0614141.107346.2018', ['A1', 'A2', 'C']],
  ['MATCH_epc=urn:epc:idpat:sgtin:0614141.107346.*', ['A1', 'A2', 'C']],
  ['MATCH_epc=https://id.gs1.org/01/10614141073464/21/2017', ['A1', 'C']],
  // MATCH_epc looks at epcList and childEPCs only: not at parentID, nor at input/output lists.
  ['MATCH_epc=urn:epc:id:sscc:0614141.1234567890', []],
  ['MATCH_epc=urn:epc:id:sgtin:4012345.077889.25', []],
  ['MATCH_parentID=urn:epc:id:sscc:0614141.1234567890', ['C']],
  ['MATCH_parentID=urn:epc:id:grai:4012345.55555.98765', ['S']],
  ['MATCH_inputEPC=urn:epc:id:sgtin:4012345.011111.987', ['E1', 'E2']],
  ['MATCH_inputEPC=urn:epc:idpat:sgtin:4012345.011122.*', ['D']],
  ['MATCH_outputEPC=urn:epc:id:sgtin:4012345.077889.27', ['D']],
  ['MATCH_outputEPC=urn:epc:id:sgtin:4012345.011122.25', []],
  ['MATCH_anyEPC=urn:epc:id:sscc:0614141.1234567890', ['C']],
  ['MATCH_anyEPC=urn:epc:idpat:sgtin:4012345.011111.*', ['E1', 'E2', 'SD']],
  ['MATCH_epcClass=urn:epc:class:lgtin:4012345.012345.998877', ['B', 'C']],
  ['MATCH_epcClass=urn:epc:idpat:sgtin:4012345.098765.*', ['C']],
  ['MATCH_epcClass=urn:epc:idpat:sgtin:4012345.012345.*', ['B', 'C']],
  ['MATCH_inputEPCClass=urn:epc:class:lgtin:4012345.022222.87545GHGH', ['E1', 'E2']],
  ['MATCH_inputEPCClass=urn:epc:class:lgtin:0614141.077777.987', ['D']],
  ['MATCH_outputEPCClass=urn:epc:idpat:sgtin:4012345.044444.*', ['E1', 'E2']],
  ['MATCH_anyEPCClass=urn:epc:class:lgtin:4023333.002000.998877', ['S']],
  ['MATCH_anyEPCClass=urn:epc:idpat:sgtin:4012345.*.*', ['B', 'C', 'D', 'E1', 'E2']],
  ['EQ_quantity=200', ['B']],
  ['GT_quantity=200', ['C', 'D', 'E1', 'E2']],
  ['GE_quantity=200', ['B', 'C', 'D', 'E1', 'E2']],
  ['LT_quantity=10', ['S']],
  ['LE_quantity=10', ['C', 'D', 'S']],
  ['GE_quantity_KGM=452', ['E1', 'E2']],
  [
    'EQ_eventID=ni:///sha-256;df7bb3c352fef055578554f09f5e2aa41782150ced7bd0b8af24dd3ccb30ba69?ver=CBV2.0|urn:uuid:404d95fc-9457-4a51-bd6a-0bba133845a8',
    ['A1', 'E2'],
  ],
  ['EXISTS_errorDeclaration', ['E1']],
  ['GE_errorDeclarationTime=2020-01-14T23:00:00Z', ['E1']],
  ['LT_errorDeclarationTime=2020-01-14T23:00:00Z', []],
  ['EQ_errorReason=incorrect_data', ['E1']],
  ['EQ_errorReason=https://ref.gs1.org/cbv/ER-incorrect_data', ['E1']],
  ['EQ_errorReason=did_not_occur', []],
  ['EQ_correctiveEventID=urn:uuid:404d95fc-9457-4a51-bd6a-0bba133845a8', ['E1']],
  ['EQ_bizTransaction_po=http://transaction.acme.com/po/12345678', ['A1', 'A2', 'S']],
  ['EQ_bizTransaction_desadv=urn:epcglobal:cbv:bt:0614141073467:1152', ['A2', 'S']],
  ['EQ_bizTransaction_inv=urn:epcglobal:cbv:bt:9520011111116:A123', ['P1', 'P2']],
  ['EQ_bizTransaction_urn:gs1:epcisapp:rail:btt:passage=http://transaction.examplerail.com/passage/xyz12345', ['T2']],
  ['EQ_source_possessing_party=urn:epc:id:sgln:4012345.00001.0', ['B']],
  ['EQ_source_location=urn:epc:id:sgln:952005385.481.0', ['T2']],
  ['EQ_destination_owning_party=urn:epc:id:pgln:9520999.99999', ['P1', 'P2']],
  ['EQ_destination_location=urn:epc:id:sgln:0614141.00777.0', ['B']],
  ['EQ_destination_location=urn:epc:id:sgln:4012345.00001.0', []],
  ['EXISTS_sensorElementList', ['S', 'SD']],
  ['EQ_type=Temperature', ['SD']],
  ['EQ_type=AbsoluteHumidity', ['S', 'SD']],
  ['EQ_deviceID=urn:epc:id:giai:4000001.111', ['SD']],
  ['GE_value_CEL=26.2', ['SD']],
  ['GT_value_CEL=26.2', []],
  ['EQ_value_KMH=161', ['SD']],
  ['GE_maxValue_A93=12.2', ['S']],
  ['LT_minValue_A93=12.2', ['S']],
  ['GE_time=2019-04-02T13:50:00Z', ['SD']],
  ['LT_time=2019-04-02T13:05:00Z', []],
  ['LT_time=2019-04-02T13:05:00.001Z', ['SD']],
  ['GE_startTime=2019-11-06T12:55:00Z', ['S']],
  ['EQ_example:myField=Example of a vendor/user extension', ['A2', 'B', 'C', 'D', 'S']],
  ['EXISTS_example:myField', ['A2', 'B', 'C', 'D', 'S']],
  ['EQ_ILMD_example:batch=XYZ', ['D']],
  ['EXISTS_ILMD_example:bestBeforeDate', ['D']],
  ['EQ_ERROR_DECLARATION_example:vendorExtension=Test1', ['E1']],
  ['EXISTS_ERROR_DECLARATION_example:vendorExtension', ['E1']],
  ['GT_rail:trainAxleCount=10', ['T2']],
  ['LT_rail:trainAxleCount=10', []],
  ['EQ_INNER_rail:vehiclePosition=3', ['T2']],
  ['EXISTS_INNER_rail:vehicleMasterGIAI', ['T2']],
  ['EXISTS_rail:vehicleMasterGIAI', []],
  // No master data: no location has attributes.
  ['HASATTR_bizLocation=urn:epcglobal:cbv:mda:site', []],
  // Parameters together: each must hold.
  ['eventType=ObjectEvent&EQ_bizStep=receiving&MATCH_epc=urn:epc:id:sgtin:0614141.107346.2018', ['A2']],
];

describe('EPCIS SimpleEventQuery over GS1 example documents', () => {
  let t: TestApp;
  let token: string;
  let demoAdmin: string;
  /** Between the two captures: events recorded from it on are the last batch's. */
  let between: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const other = await addForeignCompany(t.database.db);
    // The other company's user as its admin: a company with only these documents' events.
    await t.database.db.update(users).set({ role: 1 }).where(eq(users.id, other.userId));
    token = await t.login(other.email);
    demoAdmin = await t.login('admin@demo.local');
    const capture = async (name: string) => {
      const r = await t.app.inject({
        method: 'POST',
        url: '/epcis/capture',
        headers: { authorization: token },
        payload: file(name),
      });
      expect(r.statusCode, `${name}: ${r.body}`).toBe(202);
      const job = await t.app.inject({ url: String(r.headers.location), headers: { authorization: token } });
      expect(job.json(), name).toMatchObject({ success: true, running: false });
    };
    for (const name of FIRST_BATCH) await capture(name);
    // The first batch's last recordTime, then a moment later than it: the boundary of the recordTime cases.
    const first = await events('');
    const lastRecorded = Math.max(...first.map((e) => Date.parse(String(e.recordTime))));
    while (Date.now() <= lastRecorded + 1) await new Promise((resolve) => setImmediate(resolve));
    between = new Date(lastRecorded + 1).toISOString();
    await capture(LAST);
  }, 240_000);
  afterAll(async () => t.close());

  /** Every event of a query (following the pages), as the raw JSON events. */
  const events = async (query: string, as = token): Promise<Json[]> => {
    const found: Json[] = [];
    let next: string | null = `/epcis/events?perPage=5${query ? `&${query}` : ''}`;
    while (next) {
      const r: LightMyRequestResponse = await t.app.inject({ url: next, headers: { authorization: as } });
      expect(r.statusCode, `${query}: ${r.body}`).toBe(200);
      found.push(...r.json().epcisBody.queryResults.resultsBody.eventList);
      next = /<([^>]+)>; rel="next"/.exec(String(r.headers.link ?? ''))?.[1] ?? null;
    }
    return found;
  };
  const nameOf = (e: Json) => EVENTS[String(e.eventID)] ?? EVENTS[new Date(String(e.eventTime)).toISOString()] ?? '?';
  const names = async (query: string, as = token) => (await events(query, as)).map(nameOf).sort();

  it('holds the 13 events of the examples, each known by name', async () => {
    expect(await names('')).toEqual(['A1', 'A2', 'B', 'C', 'D', 'E1', 'E2', 'P1', 'P2', 'S', 'SD', 'T1', 'T2']);
  });

  it.each(CASES)('%s', async (query, expected) => {
    expect(await names(query)).toEqual([...expected].sort());
  });

  it('GE_recordTime and LT_recordTime split the events at the moment between the two captures', async () => {
    expect(await names(`GE_recordTime=${encodeURIComponent(between)}`)).toEqual(['SD']);
    expect(await names(`LT_recordTime=${encodeURIComponent(between)}`)).toEqual([
      'A1',
      'A2',
      'B',
      'C',
      'D',
      'E1',
      'E2',
      'P1',
      'P2',
      'S',
      'T1',
      'T2',
    ]);
  });

  it('orders by eventTime either way, and eventCountLimit keeps the first N', async () => {
    const asc = await events('orderBy=eventTime&orderDirection=ASC&eventCountLimit=3');
    expect(asc.map(nameOf)).toEqual(['A1', 'A2', expect.stringMatching(/^[BC]$/)]);
    const latest = await events('orderBy=eventTime&eventCountLimit=1');
    expect(latest.map(nameOf)).toEqual(['E2']);
    const all = await events('orderBy=eventTime&orderDirection=DESC&eventType=ObjectEvent');
    expect(all.map(nameOf)).toEqual(['P2', 'P1', 'SD', 'B', 'A2', 'A1']);
    // An extension field: the events without it come last.
    const byField = await events('orderBy=rail:trainAxleCount&orderDirection=ASC&eventType=TransactionEvent');
    expect(byField.map(nameOf)).toEqual(['T2', 'T1']);
  });

  it('maxEventCount: a QueryTooLargeException when more events match, the events when not', async () => {
    const r = await t.app.inject({
      url: '/epcis/events?eventType=ObjectEvent&maxEventCount=5',
      headers: { authorization: token },
    });
    expect(r.statusCode).toBe(413);
    expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(r.json()).toMatchObject({ type: 'epcisException:QueryTooLargeException', status: 413 });
    expect(await names('eventType=ObjectEvent&maxEventCount=6')).toEqual(['A1', 'A2', 'B', 'P1', 'P2', 'SD']);
  });

  it.each([
    ['CarrotParameter=1', 'CarrotParameter'],
    ['eventType=CarrotEvent', 'eventType'],
    ['GE_eventTime=yesterday', 'GE_eventTime'],
    ['EQ_action=MOVE', 'EQ_action'],
    ['GT_quantity=lots', 'GT_quantity'],
    ['orderBy=eventTime&orderDirection=UP', 'orderDirection'],
    ['eventCountLimit=2', 'eventCountLimit'],
    ['orderBy=eventTime&eventCountLimit=2&maxEventCount=3', 'eventCountLimit'],
    ['maxEventCount=0', 'maxEventCount'],
    ['MATCH_epc=urn:epc:idpat:', 'MATCH_epc'],
    ['EQ_readPoint=not a uri', 'EQ_readPoint'],
  ])('%s is a QueryParameterException naming %s', async (query, parameter) => {
    const r = await t.app.inject({ url: `/epcis/events?${query}`, headers: { authorization: token } });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
    const body = r.json();
    expect(body).toMatchObject({ type: 'epcisException:QueryParameterException', status: 400 });
    expect(body.detail).toContain(parameter);
  });

  it("another company's events are none of these: the demo company finds none of the examples", async () => {
    expect(
      await names(
        'EQ_bizStep=receiving&EQ_disposition=in_progress&GE_eventTime=2005-01-01T00:00:00Z&LT_eventTime=2006-01-01T00:00:00Z',
        demoAdmin,
      ),
    ).toEqual([]);
    expect(await names('MATCH_anyEPC=urn:epc:id:sscc:0614141.1234567890', demoAdmin)).toEqual([]);
  });

  /**
   * GS1's example dates its sensor readings (2019) after its event (2013), and gives attributes both in a sensor's
   * metadata and in its report, which the capture refuses (matrix M122, TCR-53): the same document without its sensor
   * elements, so that it is stored (its eventID is given).
   */
  const withoutSensors = (document: Json): Json =>
    JSON.parse(JSON.stringify(document, (key: string, value: unknown) => (key === 'sensorElementList' ? undefined : value)));

  it("EQ_transformationID (GS1's transformation event with every field, captured by the demo company)", async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/epcis/capture',
      headers: { authorization: demoAdmin },
      payload: withoutSensors(file('transformation_event_all_possible_fields.jsonld')),
    });
    expect(r.statusCode, r.body).toBe(202);
    const id = 'ni:///sha-256;0bf4271d60ed65fb687e95f7216c4c0a4c1181c070f657d41385b6fbd93e97ef?ver=CBV2.0';
    const found = await events('EQ_transformationID=urn:epc:id:gdti:0614141.12345.400', demoAdmin);
    expect(found.map((e) => e.eventID)).toEqual([id]);
    expect(await events('EQ_transformationID=urn:epc:id:gdti:0614141.12345.401', demoAdmin)).toEqual([]);
    // Not the examples' company's.
    expect(await events('EQ_transformationID=urn:epc:id:gdti:0614141.12345.400')).toEqual([]);
  });
});
