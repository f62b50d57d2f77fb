import { createHash } from 'node:crypto';
import { LLRP_HOST_REQUIRED } from '@rfid/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../db/schema/index.js';
import * as adminTest from '../../test/admin-fixtures.js';
import { en, type TestApp } from '../../test/helpers.js';

// No LLRP connections from this app: the readers below point at hosts nobody listens on.
process.env.LLRP = 'off';

import { MAC_TAKEN, readerState, WORKING_MODE_LOCKED } from './readers.service.js';

describe('readers API', () => {
  let t: TestApp;
  let foreign: adminTest.ForeignCompany;
  let areaId: number;
  let storeAreaId: number;
  let call: adminTest.CallAs;
  const keyHash = async (id: number) =>
    (await t.database.db.select({ h: devices.deviceKeyHash }).from(devices).where(eq(devices.id, id)))[0]?.h;

  beforeAll(async () => {
    ({ t, foreign, call } = await adminTest.openAdminTest());
    const cdMad = await adminTest.locationIdByCode(t.database.db, 'CD-MAD');
    areaId = await adminTest.firstAreaId(call, cdMad);
    const tBcn = await adminTest.locationIdByCode(t.database.db, 'T-BCN-01');
    storeAreaId = await adminTest.firstAreaId(call, tBcn);
  });
  afterAll(async () => t.close());
  /** Adds reader `serial` with MAC `mac` in area `area` (and the fields of `more`) as the demo admin. */
  const addReader = (serial: string, mac: string, area: number, more: Record<string, unknown> = {}) =>
    call('POST', '/api/readers/', 'admin@demo.local', {
      serial_number: serial,
      mac_address: mac,
      locationArea1_id: area,
      ...more,
    });

  it('a Normal reader is added in the working mode chosen, at the location of its area (issue 28)', async () => {
    const r = await addReader('FX9600-BCN-MODE', '84:24:8D:AA:BB:28', storeAreaId, { working_mode: 4, reader_type: 0 });
    expect(r.statusCode).toBe(201);
    const tBcn = await adminTest.locationIdByCode(t.database.db, 'T-BCN-01');
    expect(r.json()).toMatchObject({
      working_mode: 4,
      reader_type: 0,
      location_id: tBcn,
      location_description: expect.any(String),
    });
  });

  it('adds a reader, normalises its MAC and answers its device key once (stored hashed)', async () => {
    const r = await addReader('FX9600-ZGZ-1', '84-24-8d-aa-bb-01', areaId, { working_mode: 3, reader_type: 1 });
    expect(r.statusCode).toBe(201);
    const reader = r.json();
    expect(reader).toMatchObject({
      serial_number: 'FX9600-ZGZ-1',
      mac_address: '84:24:8D:AA:BB:01',
      working_mode: 3,
      reader_type: 1,
      locationArea1: areaId,
      state: 'OFF',
      last_seen_at: null,
    });
    expect(reader.description_area_locationArea1).toBeTruthy();
    expect(reader.device_key).toMatch(/^[\w-]{43}$/);
    expect(await keyHash(reader.id)).toBe(createHash('sha256').update(reader.device_key).digest('hex'));
    const again = (await call('GET', `/api/readers/${reader.id}/`, 'admin@demo.local')).json();
    expect(again.device_key).toBeUndefined();

    const rotated = await call('POST', `/api/readers/${reader.id}/rotate_key/`, 'admin@demo.local');
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().device_key).not.toBe(reader.device_key);
    expect(await keyHash(reader.id)).toBe(createHash('sha256').update(rotated.json().device_key).digest('hex'));
    expect((await call('POST', `/api/readers/${reader.id}/rotate_key/`, 'brand@demo.local')).statusCode).toBe(403);
  });

  it("answers the spec's messages and checks MAC and serial formats", async () => {
    await adminTest.expectFieldErrors(call('POST', '/api/readers/', 'admin@demo.local', {}), {
      serial_number: ['Please enter serial number'],
      mac_address: ["MAC address can't be empty"],
      locationArea1_id: ['Please select area'],
    });
    const bad = await call('POST', '/api/readers/', 'admin@demo.local', {
      serial_number: 'has space',
      mac_address: '84:24:8D:00:00',
      locationArea1_id: areaId,
      working_mode: 9,
    });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['mac_address', 'serial_number', 'working_mode']);
    expect(bad.json().errors.mac_address[0]).toMatch(/valid MAC/);
  });

  it('answers 409 for a duplicate MAC, in any spelling and across companies', async () => {
    const body = { serial_number: 'DUP-1', locationArea1_id: areaId };
    const demo = await call('POST', '/api/readers/', 'admin@demo.local', { ...body, mac_address: '84:24:8d:00:00:01' });
    expect(demo.statusCode).toBe(409);
    expect(demo.json()).toEqual({
      message: en(MAC_TAKEN),
      code: MAC_TAKEN,
      errors: { mac_address: [en(MAC_TAKEN)] },
      codes: { mac_address: [MAC_TAKEN] },
    });
    const other = await call('POST', '/api/readers/', 'admin@demo.local', { ...body, mac_address: 'AA0000000001' });
    expect(other.statusCode).toBe(409);
  });

  it('updates only the working mode (reader type All) or only the reader type, as the list does', async () => {
    const list = (await call('GET', '/api/readers/?serial_number__icontains=mad-exp', 'admin@demo.local')).json();
    expect(list.count).toBe(1);
    const reader = list.results[0];
    expect(reader.reader_type).toBe(0);
    const locked = await call('PUT', `/api/readers/${reader.id}/`, 'brand@demo.local', { id: reader.id, working_mode: 4 });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().errors.working_mode).toEqual([en(WORKING_MODE_LOCKED)]);
    const type = await call('PUT', `/api/readers/${reader.id}/`, 'brand@demo.local', { id: reader.id, reader_type: 1 });
    expect(type.json().reader_type).toBe(1);
    const mode = await call('PUT', `/api/readers/${reader.id}/`, 'brand@demo.local', { id: reader.id, working_mode: 4 });
    expect(mode.statusCode).toBe(200);
    expect(mode.json()).toMatchObject({ working_mode: 4, reader_type: 1, serial_number: 'POR-MAD-EXP' });
  });

  it('edits the full form, moving the reader to another location with its area', async () => {
    const reader = (await call('GET', '/api/readers/?serial_number=HH-MAD-01', 'admin@demo.local')).json().results[0];
    const r = await call('PUT', `/api/readers/${reader.id}/`, 'admin@demo.local', {
      serial_number: 'HH-BCN-01',
      mac_address: reader.mac_address,
      locationArea1_id: storeAreaId,
      working_mode: reader.working_mode,
      reader_type: 0,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      serial_number: 'HH-BCN-01',
      locationArea1: storeAreaId,
      location_description: 'Tienda Barcelona Passeig de Gràcia',
    });
    const dup = await call('PUT', `/api/readers/${reader.id}/`, 'admin@demo.local', { mac_address: '84:24:8D:00:00:01' });
    expect(dup.statusCode).toBe(409);
  });

  it('refuses roles: role 2 and 3 cannot add, role 3 and 5 cannot edit', async () => {
    const body = { serial_number: 'R-1', mac_address: '84:24:8D:FF:00:01', locationArea1_id: areaId };
    await adminTest.expectRefusals(
      call,
      ['brand', 'editor', 'viewer'].map((u): adminTest.Refusal => [403, 'POST', '/api/readers/', `${u}@demo.local`, body]),
    );
    const reader = (await call('GET', '/api/readers/?limit=1', 'admin@demo.local')).json().results[0];
    await adminTest.expectRefusals(call, [
      [403, 'PUT', `/api/readers/${reader.id}/`, 'editor@demo.local', { reader_type: 1 }],
      [403, 'PUT', `/api/readers/${reader.id}/`, 'viewer@demo.local', { reader_type: 1 }],
    ]);
  });

  it('keeps foreign readers and areas out of reach, and scopes lists by location', async () => {
    const intoForeignArea = { serial_number: 'R-2', mac_address: '84:24:8D:FF:00:02', locationArea1_id: foreign.areaId };
    await adminTest.expectRefusals(call, [
      [404, 'GET', `/api/readers/${foreign.deviceId}/`, 'admin@demo.local'],
      [404, 'PUT', `/api/readers/${foreign.deviceId}/`, 'admin@demo.local', { reader_type: 1 }],
      [404, 'POST', `/api/readers/${foreign.deviceId}/rotate_key/`, 'admin@demo.local'],
      [404, 'POST', '/api/readers/', 'admin@demo.local', intoForeignArea],
    ]);
    const all = (await call('GET', '/api/readers/?limit=100', 'admin@demo.local')).json();
    expect(all.results.some((r: { id: number }) => r.id === foreign.deviceId)).toBe(false);
    const tMad = await adminTest.locationIdByCode(t.database.db, 'T-MAD-01');
    const viewer = (await call('GET', '/api/readers/?limit=100', 'viewer@demo.local')).json();
    expect(viewer.results.every((r: { location_id: number }) => r.location_id === tMad)).toBe(true);
    const byLocation = (await call('GET', `/api/readers/?locationId=${tMad}`, 'admin@demo.local')).json();
    expect(byLocation.results.every((r: { location_id: number }) => r.location_id === tMad)).toBe(true);
  });

  it('pages 11 readers by default and tells ON from OFF by the last 60 s', async () => {
    expect((await call('GET', '/api/readers/', 'admin@demo.local')).json().results.length).toBeLessThanOrEqual(11);
    const now = Date.parse('2026-01-01T00:01:00Z');
    expect(readerState(new Date('2026-01-01T00:00:00Z'), now)).toBe('ON');
    expect(readerState(new Date('2026-01-01T00:00:00Z'), now + 1)).toBe('OFF');
    expect(readerState(null, now)).toBe('OFF');
  });

  it('adds and edits an LLRP reader (host, port, antennas, power) and shows the link of the process holding it', async () => {
    const r = await addReader('R420-LLRP-1', '00:16:25:12:34:56', areaId, {
      connection_type: 'llrp',
      llrp_host: 'speedway-1.local',
      llrp_antennas: [1, 2, 4],
      llrp_power_dbm: '30.5',
    });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({
      connection_type: 'llrp',
      llrp_host: 'speedway-1.local',
      llrp_port: 5084,
      llrp_antennas: [1, 2, 4],
      llrp_power_dbm: 30.5,
      llrp_link: null,
    });
    const id: number = r.json().id;
    const edited = await call('PUT', `/api/readers/${id}/`, 'brand@demo.local', {
      llrp_host: '10.0.0.21',
      llrp_port: 14150,
      llrp_antennas: [],
      llrp_power_dbm: null,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ llrp_host: '10.0.0.21', llrp_port: 14150, llrp_antennas: [], llrp_power_dbm: null });

    // a process holds the link (reader_links): detail and list show it; once its lease ran out, nothing
    await t.database.db.execute(sql`
      insert into reader_links (device_id, owner, lease_until, state, last_error, connected_at)
      values (${id}, 'host:1:abc', now() + interval '1 minute', 'RETRYING', 'Connection refused by 10.0.0.21:14150', now())`);
    const detail = (await call('GET', `/api/readers/${id}/`, 'admin@demo.local')).json();
    expect(detail.llrp_link).toMatchObject({
      state: 'RETRYING',
      last_error: 'Connection refused by 10.0.0.21:14150',
      last_report_at: null,
    });
    expect(detail.llrp_link.connected_at).toMatch(/^\d{4}-/);
    const listed = (await call('GET', '/api/readers/?serial_number=R420-LLRP-1', 'admin@demo.local')).json().results[0];
    expect(listed.llrp_link.state).toBe('RETRYING');
    await t.database.db.execute(sql`update reader_links set lease_until = now() - interval '1 second' where device_id = ${id}`);
    expect((await call('GET', `/api/readers/${id}/`, 'admin@demo.local')).json().llrp_link).toBeNull();

    // back to push: the LLRP settings stay for later, no host needed
    const push = await call('PUT', `/api/readers/${id}/`, 'admin@demo.local', { connection_type: 'push', llrp_host: '' });
    expect(push.json()).toMatchObject({ connection_type: 'push', llrp_host: null });
    // push readers default to push
    const plain = await addReader('PUSH-1', '00:16:25:12:34:57', areaId);
    expect(plain.json()).toMatchObject({ connection_type: 'push', llrp_host: null, llrp_port: 5084, llrp_antennas: [] });
  });

  it('checks the LLRP fields: host when LLRP, port 1-65535, antennas 1-32 distinct, power 10-33 dBm', async () => {
    const body = {
      serial_number: 'LLRP-BAD',
      mac_address: '00:16:25:12:34:58',
      locationArea1_id: areaId,
      connection_type: 'llrp',
    };
    await adminTest.expectFieldErrors(call('POST', '/api/readers/', 'admin@demo.local', body), {
      llrp_host: [LLRP_HOST_REQUIRED],
    });
    const bad = await call('POST', '/api/readers/', 'admin@demo.local', {
      ...body,
      connection_type: 'serial',
      llrp_host: 'bad host!',
      llrp_port: 70000,
      llrp_antennas: [1, 1, 33],
      llrp_power_dbm: 40,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'connection_type',
      'llrp_antennas',
      'llrp_host',
      'llrp_port',
      'llrp_power_dbm',
    ]);
    const tooLow = await call('POST', '/api/readers/', 'admin@demo.local', {
      ...body,
      llrp_host: 'r',
      llrp_port: 0,
      llrp_power_dbm: 9,
    });
    expect(Object.keys(tooLow.json().errors).sort()).toEqual(['llrp_port', 'llrp_power_dbm']);
    // an existing push reader switched to LLRP without a host
    const reader = (await call('GET', '/api/readers/?serial_number=TUN-MAD-01', 'admin@demo.local')).json().results[0];
    const toLlrp = await call('PUT', `/api/readers/${reader.id}/`, 'admin@demo.local', { connection_type: 'llrp' });
    expect(toLlrp.statusCode).toBe(400);
    expect(toLlrp.json().errors.llrp_host).toEqual([LLRP_HOST_REQUIRED]);
  });

  it('refuses the LLRP settings to roles that may not edit readers, and on foreign readers', async () => {
    const reader = (await call('GET', '/api/readers/?serial_number=TUN-MAD-01', 'admin@demo.local')).json().results[0];
    const body = { connection_type: 'llrp', llrp_host: '10.0.0.9' };
    await adminTest.expectRefusals(call, [
      [403, 'PUT', `/api/readers/${reader.id}/`, 'editor@demo.local', body],
      [403, 'PUT', `/api/readers/${reader.id}/`, 'viewer@demo.local', body],
      [404, 'PUT', `/api/readers/${foreign.deviceId}/`, 'admin@demo.local', body],
    ]);
    expect((await call('GET', `/api/readers/${reader.id}/`, 'admin@demo.local')).json().connection_type).toBe('push');
  });
});
