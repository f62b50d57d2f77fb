import { describe, expect, it } from 'vitest';
import { appWithViewers } from '../../test/admin-fixtures.js';
import { objectEvent } from './use-cases/epcis-use-case-fixtures.js';

/**
 * The capture interface at size (issue 27): documents of 10,000 events and more stored in chunks (one INSERT of 4,682
 * events or more passed PostgreSQL's 65,535 parameters), every duplicate and every refused event reported in the
 * capture job, serials with AI 82 characters, the standard's rules. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
type Json = Record<string, unknown>;
const SIZE = 10_000;

const event = (serial: string, extra: Json = {}): Json => objectEvent(serial, { bizStep: 'inspecting', ...extra });
const document = (events: Json[]) => ({
  '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'],
  type: 'EPCISDocument',
  schemaVersion: '2.0',
  creationDate: '2026-11-29T10:00:00.000Z',
  epcisBody: { eventList: events },
});

describe('EPCIS capture of any size, with its report', () => {
  const w = appWithViewers();

  const post = (body: unknown, token = w.admin) =>
    w.t.app.inject({ method: 'POST', url: '/epcis/capture', headers: { authorization: token }, payload: body as Json });
  const job = async (location: string, token = w.admin, language = 'en') => {
    const r = await w.t.app.inject({ url: location, headers: { authorization: token, 'accept-language': language } });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const capture = async (events: Json[], language = 'en') => {
    const r = await post(document(events));
    expect(r.statusCode, r.body).toBe(202);
    return job(String(r.headers.location), w.admin, language);
  };
  const count = async (epc: string) => {
    const r = await w.t.app.inject({
      url: `/epcis/events?MATCH_epc=${encodeURIComponent(epc)}`,
      headers: { authorization: w.admin },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().epcisBody.queryResults.resultsBody.eventList.length;
  };

  it(`stores ${SIZE.toLocaleString('en')} events, then reports each of them as a duplicate when captured again`, async () => {
    const events = Array.from({ length: SIZE }, (_, i) => event(`BIG${i}`));
    const first = await capture(events);
    expect(first).toMatchObject({ running: false, success: true, eventCount: SIZE, errors: [], duplicates: [] });
    expect(await count('urn:epc:id:sgtin:4012345.011111.BIG9999')).toBe(1);

    // The same events after a new one: only the new one is stored; every other is named with its index and eventID.
    const again = await capture([event('BIG-new'), ...events]);
    expect(again).toMatchObject({ running: false, success: true, eventCount: 1, errors: [] });
    expect(again.duplicates).toHaveLength(SIZE);
    expect(again.duplicates[0]).toMatchObject({ index: 1, reason: expect.stringContaining('stored already') });
    expect(again.duplicates.map((d: Json) => d.index)).toEqual(Array.from({ length: SIZE }, (_, i) => i + 1));
    expect(new Set(again.duplicates.map((d: Json) => d.eventID)).size).toBe(SIZE);
    expect(await count('urn:epc:id:sgtin:4012345.011111.BIG-new')).toBe(1);
  }, 300_000);

  it('reports an event given twice in one document', async () => {
    const twice = event('TWICE', { eventID: 'urn:uuid:6f3a5b1e-2f7e-4c6b-9a1d-1c0f8f9e0b27' });
    const result = await capture([twice, event('ONCE'), twice]);
    expect(result).toMatchObject({ success: true, eventCount: 2 });
    expect(result.duplicates).toEqual([
      expect.objectContaining({ index: 2, eventID: 'urn:uuid:6f3a5b1e-2f7e-4c6b-9a1d-1c0f8f9e0b27' }),
    ]);
  });

  it('keeps a serial whole, dots and all: A.2 captured after A.1 is no duplicate', async () => {
    expect(await capture([event('A.1')])).toMatchObject({ success: true, eventCount: 1 });
    expect(await capture([event('A.2')])).toMatchObject({ success: true, eventCount: 1, duplicates: [] });
    expect(await capture([event("x!(y)*+,-.:;=_'%22%25%26%2F%3C%3E%3F")])).toMatchObject({ success: true, eventCount: 1 });
    expect(await count('urn:epc:id:sgtin:4012345.011111.A.2')).toBe(1);
    // The same item named by its Digital Link finds the same event.
    expect(await count('https://example.com/01/04012345111118/21/A.2')).toBe(1);
  });

  it('refuses the whole document when an event breaks a rule (M122), naming it in the reader’s language', async () => {
    const late = event('LATE', {
      sensorElementList: [
        { sensorMetadata: { time: '2026-11-29T09:00:01Z' }, sensorReport: [{ type: 'Temperature', value: 5, uom: 'CEL' }] },
      ],
    });
    const r = await post(document([event('FINE'), late]));
    expect(r.statusCode).toBe(202);
    const result = await job(String(r.headers.location), w.admin, 'es');
    expect(result).toMatchObject({ running: false, success: false, eventCount: 0, duplicates: [] });
    expect(result.errors).toEqual([
      expect.objectContaining({ index: 1, rule: 'M122', reason: expect.stringContaining('posterior a eventTime') }),
    ]);
    expect(await count('urn:epc:id:sgtin:4012345.011111.FINE')).toBe(0);
  });

  it('refuses a role below order creation and hides the job from another company', async () => {
    expect((await post(document([event('VIEWER')]), w.viewer)).statusCode).toBe(403);
    const r = await post(document([event('MINE')]));
    const location = String(r.headers.location);
    expect((await w.t.app.inject({ url: location, headers: { authorization: w.foreign } })).statusCode).toBe(404);
  });
});
