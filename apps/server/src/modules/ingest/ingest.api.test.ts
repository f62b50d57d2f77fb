import { randomUUID } from 'node:crypto';
import { encodeSgtin96 } from '@rfid/epc';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoItemTypes, demoDeviceKey } from '../../db/seed/demo-data.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

process.env.READS_IDLE_GAP_MS = '300';

const gtins = buildDemoItemTypes(5).map((i) => i.gtin);
const epcOf = (index: number, serial: number) =>
  encodeSgtin96({ gtin: gtins[index % gtins.length] as string, serial: String(serial), companyPrefixLength: 7 });
const TUNNEL = { key: demoDeviceKey('TUN-MAD-01'), serial: 'TUN-MAD-01', mac: '84:24:8D:00:00:01' };
const HANDHELD = { key: demoDeviceKey('HH-MAD-01'), serial: 'HH-MAD-01' };
const POS = { key: demoDeviceKey('POS-T01-01'), serial: 'POS-T01-01' };

describe('ingest API', () => {
  let t: TestApp;
  const scalar = async (query: ReturnType<typeof sql>): Promise<number> => {
    const result = (await t.database.db.execute(query)) as unknown as { rows: { n: number | string }[] };
    return Number(result.rows[0]?.n ?? 0);
  };
  const send = (body: unknown, key = TUNNEL.key) => t.call('POST', '/api/readingsets/', `Device ${key}`, body);
  const stream = (body: unknown, key = TUNNEL.key) => t.call('POST', '/api/readers/stream/', `Device ${key}`, body);
  /** Waits (polling, not a fixed sleep: CI machines are slower) until the idle gap has turned every staged read into a set. */
  const staged = async () => {
    const deadline = Date.now() + 15_000;
    while ((await scalar(sql`select count(*) n from reader_stream_reads`)) > 0) {
      if (Date.now() > deadline) throw new Error('staged reads were not grouped into sets within 15 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const set = (epcs: string[], extra: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    device: TUNNEL.serial,
    start_time: '2026-11-20T10:00:00Z',
    end_time: '2026-11-20T10:00:05Z',
    epcs,
    ...extra,
  });

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('stores a set: items on first sight with their GTIN, one trace per read, a free set', async () => {
    const epcs = [epcOf(0, 1), epcOf(1, 2), epcOf(1, 2), 'E2801160600002054C1D7AB9'];
    const res = await send(set(epcs));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ read_count: 4, epc_count: 3, claimed_by: null, created: true, working_mode: 0 });
    expect(await scalar(sql`select count(*) n from traces where reading_set_id = ${body.id}`)).toBe(4);
    expect(await scalar(sql`select count(*) n from items where gtin is null and scheme = 'unknown'`)).toBe(1);
    expect(
      await scalar(
        sql`select count(*) n from items i join item_types it on it.id = i.item_type_id where i.state = 1 and i.area_id = ${body.area}`,
      ),
    ).toBe(2);
    const device = await scalar(
      sql`select count(*) n from devices where serial_number = 'TUN-MAD-01' and last_seen_at is not null`,
    );
    expect(device).toBe(1);
  });

  it('stores the same set twice only once and answers 200 with the stored set', async () => {
    const body = set([epcOf(2, 10), epcOf(3, 11)]);
    expect((await send(body)).statusCode).toBe(201);
    const again = await send({ ...body, id: body.id.toUpperCase() });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: body.id, created: false, epc_count: 2 });
    expect(await scalar(sql`select count(*) n from traces where reading_set_id = ${body.id}`)).toBe(2);
    expect(await scalar(sql`select count(*) n from reading_sets where id = ${body.id}`)).toBe(1);
  });

  it('refuses a malformed set with the reason and stores nothing', async () => {
    const tracesBefore = await scalar(sql`select count(*) n from traces`);
    const badEpc = await send(set([epcOf(0, 20), 'not-hex']));
    expect(badEpc.statusCode).toBe(400);
    expect(badEpc.json().message).toContain('hexadecimal');
    expect(badEpc.json().errors['epcs.1']).toBeDefined();
    expect((await send({ ...set([epcOf(0, 21)]), id: 'nope' })).json().errors.id).toEqual(['id must be a UUID.']);
    const backwards = await send(set([epcOf(0, 22)], { start_time: '2026-11-20T11:00:00Z' }));
    expect(backwards.json().errors.end_time).toEqual(['end_time is before start_time.']);
    const neither = await send({ ...set([]), epcs: undefined });
    expect(neither.json().errors.epcs).toEqual(['Send epcs or reads.']);
    expect(await scalar(sql`select count(*) n from traces`)).toBe(tracesBefore);
    expect(await scalar(sql`select count(*) n from items where epc = ${epcOf(0, 20)}`)).toBe(0);
  });

  it('answers 401 to an unknown or missing device key and 403 to another reader name', async () => {
    const unknown = await send(set([epcOf(0, 30)]), 'no-such-key');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('Invalid device key.');
    const missing = await t.app.inject({ method: 'POST', url: '/api/readingsets/', payload: set([epcOf(0, 30)]) });
    expect(missing.statusCode).toBe(401);
    // a user token is not a device key
    const token = await t.login('admin@demo.local');
    const withToken = await t.app.inject({
      method: 'POST',
      url: '/api/readingsets/',
      payload: set([epcOf(0, 30)]),
      headers: { authorization: token },
    });
    expect(withToken.statusCode).toBe(401);
    // a malformed body with an unknown key is still 401: the key is checked first
    expect((await send({ id: 'x' }, 'no-such-key')).statusCode).toBe(401);
    const other = await send(set([epcOf(0, 30)], { device: 'HH-MAD-01' }));
    expect(other.statusCode).toBe(403);
    expect(await scalar(sql`select count(*) n from items where epc = ${epcOf(0, 30)}`)).toBe(0);
  });

  it('a set of known and new tags: the known keep their place and are seen again, only the new become items', async () => {
    const [known, alsoKnown, fresh] = [epcOf(0, 500), epcOf(1, 501), epcOf(2, 502)] as [string, string, string];
    const first = (await send(set([known, alsoKnown]))).json();
    // The known tag was stocked since, and its item type unlinked: the next set must leave its place and link the type.
    await t.database.db.execute(sql`update items set state = 0, item_type_id = null where epc = ${known}`);
    const res = await send({
      ...set([]),
      epcs: undefined,
      end_time: '2026-11-20T11:00:05Z',
      reads: [
        { epc: known, time: '2026-11-20T11:00:01Z' },
        { epc: fresh, time: '2026-11-20T11:00:02Z' },
        { epc: alsoKnown, time: '2026-11-20T11:00:01Z' },
        { epc: known, time: '2026-11-20T11:00:03Z' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ read_count: 4, epc_count: 3, created: true });
    const rows = (await t.database.db.execute(sql`
      select i.epc, i.state, i.area_id, i.item_type_id is not null as typed, i.last_seen_at = '2026-11-20T11:00:05Z' as seen,
        (select count(*) from items j where j.epc = i.epc)::int as copies
      from items i where i.epc in (${known}, ${alsoKnown}, ${fresh}) order by i.epc`)) as unknown as {
      rows: { epc: string; state: number; area_id: number; typed: boolean; seen: boolean; copies: number }[];
    };
    const byEpc = new Map(rows.rows.map((r) => [r.epc, r]));
    expect(byEpc.get(known)).toMatchObject({ state: 0, area_id: first.area, typed: true, seen: true, copies: 1 });
    expect(byEpc.get(alsoKnown)).toMatchObject({ state: 1, typed: true, seen: true, copies: 1 });
    expect(byEpc.get(fresh)).toMatchObject({ state: 1, area_id: body.area, typed: true, seen: true, copies: 1 });
    // One trace per read at the read's own time; the area before is the item's (null for a tag never seen before).
    const traces = (await t.database.db.execute(sql`
      select epc, to_char(read_at at time zone 'UTC', 'HH24:MI:SS') as at, state, area1_id
      from traces where reading_set_id = ${body.id} order by read_at, epc`)) as unknown as {
      rows: { epc: string; at: string; state: number; area1_id: number | null }[];
    };
    expect(traces.rows.map((r) => [r.epc, r.at, r.state, r.area1_id])).toEqual(
      [
        [known, '11:00:01', 0, first.area],
        [alsoKnown, '11:00:01', 1, first.area],
        [fresh, '11:00:02', 1, null],
        [known, '11:00:03', 0, first.area],
      ].sort((a, b) => String(a[1]).localeCompare(String(b[1])) || String(a[0]).localeCompare(String(b[0]))),
    );
  });

  it('accepts the device by MAC and detailed reads with time, antenna and RSSI', async () => {
    const epc = epcOf(4, 40);
    const res = await send({
      ...set([]),
      epcs: undefined,
      device: '84248d000001',
      reads: [
        { epc, time: '2026-11-20T10:00:01.250Z', antenna: 2, rssi: -54.4 },
        { epc: epc.toLowerCase(), time: '2026-11-20T10:00:02Z', antenna: 3, rssi: -60 },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ read_count: 2, epc_count: 1 });
    expect(await scalar(sql`select count(*) n from traces where epc = ${epc} and antenna = 2 and rssi = -54.4`)).toBe(1);
  });

  it('accepts a 10,000-EPC batch and refuses 10,001', async () => {
    const epcs = Array.from({ length: 10_000 }, (_, i) => epcOf(i, 100_000 + i));
    const res = await send(set(epcs), HANDHELD.key.replace('hh', 'hh'));
    expect(res.statusCode).toBe(403); // the set names the tunnel, the key is the handheld's
    const ok = await send({ ...set(epcs), device: HANDHELD.serial }, HANDHELD.key);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().epc_count).toBe(10_000);
    expect(await scalar(sql`select count(*) n from traces where reading_set_id = ${ok.json().id}`)).toBe(10_000);
    const tooMany = await send({ ...set([...epcs, epcOf(0, 1)]), device: HANDHELD.serial }, HANDHELD.key);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('at most 10000');
  });

  it('offers the set to the working mode handlers; a claimed set records the claim and the new state', async () => {
    const epc = epcOf(0, 50);
    const res = await send({ ...set([epc]), device: POS.serial }, POS.key);
    // mode 4 Sale: the POS engine (pos.engine.ts, listed in engine/pipeline.ts) claims it
    expect(res.json().claimed_by).toBe('pos-sale');
    expect(await scalar(sql`select state n from traces where epc = ${epc}`)).toBe(3);
    expect(await scalar(sql`select state n from items where epc = ${epc}`)).toBe(3);
  });

  it('groups a Zebra and an Impinj single-read stream into sets by the idle gap, once', async () => {
    const zebra = [0, 1, 2].map((i) => ({
      timestamp: `2026-11-20T12:00:00.${i}00+0000`,
      data: { idHex: epcOf(i, 60 + i).toLowerCase(), antenna: 1, peakRssi: -50, eventNum: i },
    }));
    const first = await stream(zebra);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ accepted: 3, duplicates: 0, rejected: [] });
    // a retry of the same HTTP request (or MQTT redelivery) is staged once
    expect((await stream(zebra)).json()).toEqual({ accepted: 0, duplicates: 3, rejected: [] });
    // 10 s later (reader time): a second set
    const late = await stream({ timestamp: '2026-11-20T12:00:12.000Z', data: { idHex: epcOf(0, 60), antenna: 2 } });
    expect(late.json().accepted).toBe(1);
    const impinj = [
      {
        timestamp: '2026-11-20T12:05:00.123456789Z',
        eventType: 'tagInventory',
        tagInventoryEvent: { epcHex: epcOf(3, 70), antennaPort: 1, peakRssiCdbm: -5400 },
      },
      { timestamp: '2026-11-20T12:05:00.500Z', eventType: 'antennaConnected', antennaConnectedEvent: { antennaPort: 1 } },
    ];
    expect((await stream(impinj, POS.key)).json()).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
    await staged();
    const tunnelDevice = await scalar(sql`select id n from devices where serial_number = 'TUN-MAD-01'`);
    expect(
      await scalar(
        sql`select count(*) n from reading_sets where device_id = ${tunnelDevice} and start_time >= '2026-11-20T12:00:00Z'`,
      ),
    ).toBe(2);
    expect(
      await scalar(
        sql`select count(*) n from traces where read_at >= '2026-11-20T12:00:00Z' and read_at < '2026-11-20T12:01:00Z'`,
      ),
    ).toBe(4);
    expect(await scalar(sql`select count(*) n from traces where epc = ${epcOf(3, 70)} and rssi = -54`)).toBe(1);
    // redelivered after its set was stored: recognised by its trace, not stored twice
    expect((await stream(zebra)).json().accepted).toBe(3);
    await staged();
    expect(
      await scalar(
        sql`select count(*) n from traces where read_at >= '2026-11-20T12:00:00Z' and read_at < '2026-11-20T12:01:00Z'`,
      ),
    ).toBe(4);
    expect(await scalar(sql`select count(*) n from reader_stream_reads`)).toBe(0);
  });

  it('tells a reader what the server holds for it', async () => {
    const status = await t.app.inject({ url: '/api/readers/status/', headers: { authorization: `Device ${POS.key}` } });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({
      device: POS.serial,
      working_mode: 4,
      staged_reads: 0,
      stored_sets: 2,
      stored_reads: 2,
    });
    expect((await t.app.inject({ url: '/api/readers/status/', headers: { authorization: 'Device nope' } })).statusCode).toBe(401);
  });

  it('documents the reader endpoints in the OpenAPI page', async () => {
    const docs = await t.app.inject({ url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toEqual(
      expect.arrayContaining(['/api/readingsets/', '/api/readers/stream/', '/api/readers/status/']),
    );
  });

  it('accepts a newline-delimited JSON event stream', async () => {
    const lines = [0, 1]
      .map((i) =>
        JSON.stringify({
          timestamp: `2026-11-20T14:00:00.${i}00Z`,
          eventType: 'tagInventory',
          tagInventoryEvent: { epcHex: epcOf(i, 900 + i), antennaPort: 1, peakRssiCdbm: -5000 },
        }),
      )
      .join('\n');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/readers/stream/',
      payload: `${lines}\n`,
      headers: { authorization: `Device ${POS.key}`, 'content-type': 'application/x-ndjson' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 2, duplicates: 0, rejected: [] });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/readers/stream/',
      payload: '{"timestamp":\n',
      headers: { authorization: `Device ${POS.key}`, 'content-type': 'application/x-ndjson' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Each line must be one JSON event.');
  });

  it('refuses malformed streams and unknown keys', async () => {
    expect((await stream({ foo: 1 })).statusCode).toBe(400);
    expect((await stream([{ timestamp: 'yesterday', data: { idHex: 'ABCD' } }])).json().message).toContain('Bad timestamp');
    expect((await stream({ timestamp: '2026-11-20T12:00:00Z', data: { idHex: 'xyz' } })).statusCode).toBe(400);
    expect((await stream([], 'bad')).statusCode).toBe(401);
  });

  describe('readers as they come out of the box (vendor payloads)', () => {
    const base64Of = (hex: string) => Buffer.from(hex, 'hex').toString('base64');
    const basic = (user: string, key: string) => `Basic ${Buffer.from(`${user}:${key}`).toString('base64')}`;
    const post = (body: unknown, authorization: string, url = '/api/readers/stream/') => t.call('POST', url, authorization, body);
    const tracesOf = (epc: string) => scalar(sql`select count(*) n from traces where epc = ${epc}`);

    it('takes an Impinj IoT Device Interface event in its default configuration (base64 epc, lastSeenTime)', async () => {
      const epc = epcOf(1, 7_001);
      // The fields of a tagInventory event with the reader's defaults: epc in base64, no epcHex.
      const event = {
        timestamp: '2026-11-21T08:30:00.123456789Z',
        hostname: 'impinj-14-46-36',
        eventType: 'tagInventory',
        tagInventoryEvent: {
          epc: base64Of(epc),
          antennaPort: 2,
          antennaName: 'Antenna 2',
          peakRssiCdbm: -5637,
          frequency: 920750,
          transmitPowerCdbm: 3000,
          lastSeenTime: '2026-11-21T08:29:59.987654Z',
        },
      };
      const res = await stream([event], POS.key);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
      await staged();
      expect(await tracesOf(epc)).toBe(1);
      expect(
        await scalar(
          sql`select count(*) n from traces where epc = ${epc} and read_at = '2026-11-21T08:29:59.987Z' and antenna = 2 and rssi = -56.37`,
        ),
      ).toBe(1);
    });

    it('stores the good events of a batch and names the bad ones', async () => {
      const good = [epcOf(2, 7_101), epcOf(3, 7_102)];
      const batch = [
        { timestamp: '2026-11-21T09:00:00.000+0000', type: 'SIMPLE', data: { idHex: good[0], antenna: 1, peakRssi: -61 } },
        { timestamp: '2026-11-21T09:00:00.100+0000', type: 'SIMPLE', data: { idHex: 'not-hex', antenna: 1 } },
        // Zebra without the antenna (its "include antenna" option off): kept as no antenna, not antenna 0.
        { timestamp: '2026-11-21T09:00:00.200+0000', type: 'SIMPLE', data: { idHex: good[1], peakRssi: -58 } },
        { timestamp: 'not a time', data: { idHex: 'ABCD' } },
        { hello: 'world' },
      ];
      const res = await stream(batch);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({
        accepted: 2,
        duplicates: 0,
        rejected: [
          { index: 1, reason: expect.stringContaining('idHex') },
          { index: 3, reason: expect.stringContaining('Bad timestamp') },
          { index: 4, reason: 'not a Zebra or Impinj tag event.' },
        ],
      });
      await staged();
      expect(await tracesOf(good[0] as string)).toBe(1);
      expect(await scalar(sql`select count(*) n from traces where epc = ${good[1] as string} and antenna is null`)).toBe(1);
      // Only bad events: nothing to store, 400 naming the first.
      const bad = await stream([batch[1]]);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/^event 0: idHex/);
    });

    it('accepts EPC URIs wherever a hex EPC is', async () => {
      const hex = encodeSgtin96({ gtin: gtins[0] as string, serial: '7201', companyPrefixLength: 7, filter: 1 });
      const prefix = (gtins[0] as string).slice(1, 8);
      const itemRef = `${(gtins[0] as string)[0]}${(gtins[0] as string).slice(8, 13)}`;
      const tagUri = `urn:epc:tag:sgtin-96:1.${prefix}.${itemRef}.7201`;
      const res = await send(set([tagUri]));
      expect(res.statusCode).toBe(201);
      expect(await tracesOf(hex)).toBe(1);
      const streamed = await stream({
        timestamp: '2026-11-21T10:00:00Z',
        data: { idHex: tagUri.replace('7201', '7202'), antenna: 3 },
      });
      expect(streamed.json().accepted).toBe(1);
      const bad = await send(set(['urn:epc:tag:sgtin-96:1.8437012.nope.1']));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/EPC URI/);
    });

    it('lets a reader sign in with HTTP Basic (serial or MAC as user, device key as password), as both consoles send it', async () => {
      const epc = epcOf(4, 7_301);
      const bySerial = await post(
        { timestamp: '2026-11-21T11:00:00.000+0000', type: 'SIMPLE', data: { idHex: epc, antenna: 1 } },
        basic(TUNNEL.serial, TUNNEL.key),
      );
      expect(bySerial.statusCode).toBe(202);
      // The MAC as a console may type it, with colons (the password is what follows the last colon).
      const byMac = await post(set([epcOf(4, 7_302)]), basic(TUNNEL.mac, TUNNEL.key), '/api/readingsets/');
      expect(byMac.statusCode).toBe(201);
      // The key of another reader, a wrong password, another reader's name: 401, nothing stored.
      expect((await post(set([epcOf(4, 7_303)]), basic(TUNNEL.serial, POS.key), '/api/readingsets/')).statusCode).toBe(401);
      expect((await post(set([epcOf(4, 7_304)]), basic(TUNNEL.serial, 'wrong'), '/api/readingsets/')).statusCode).toBe(401);
      expect((await post(set([epcOf(4, 7_305)]), 'Basic !!!', '/api/readingsets/')).statusCode).toBe(401);
      expect(
        await scalar(
          sql`select count(*) n from traces where epc in (${epcOf(4, 7_303)}, ${epcOf(4, 7_304)}, ${epcOf(4, 7_305)})`,
        ),
      ).toBe(0);
    });

    it('takes a reading set without device (the key names the reader), and still refuses another reader named', async () => {
      const { device: _device, ...withoutDevice } = set([epcOf(0, 7_401)]);
      const res = await send(withoutDevice);
      expect(res.statusCode).toBe(201);
      expect(res.json().device).toBe(await scalar(sql`select id n from devices where serial_number = 'TUN-MAD-01'`));
      expect((await send(set([epcOf(0, 7_402)], { device: POS.serial }))).statusCode).toBe(403);
    });
  });
});
