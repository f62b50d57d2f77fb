import { createHash, randomUUID } from 'node:crypto';
import { encodeSgtin96 } from '@rfid/epc';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../db/schema/index.js';
import { buildDemoItemTypes } from '../../db/seed/demo-data.js';
import type { PlainKey } from '../../i18n/messages.js';
import { render } from '../../i18n/messages.js';
import * as adminTest from '../../test/admin-fixtures.js';
import type { HttpMethod, TestApp } from '../../test/helpers.js';

// No LLRP connections from this app.
process.env.LLRP = 'off';

type Row = Record<string, unknown> & { id: number; version: number };
type Options = { payload?: object; ifMatch?: string; language?: 'es' | 'en' };

/**
 * Optimistic concurrency (docs/concurrency.md), endpoint by endpoint: an edit from an older version answers 409 and
 * changes nothing; from the current one 200 and version + 1; without a version it is taken as before; the refused role
 * and another company's record are refused whatever the version.
 */
describe('record versions (If-Match, 409 on a stale edit)', () => {
  let t: TestApp;
  let foreign: adminTest.ForeignCompany;
  let call: adminTest.CallAs;
  let cdMad: number;
  let areaId: number;

  const send = async (method: HttpMethod, url: string, who: string, { payload, ifMatch, language }: Options = {}) =>
    t.app.inject({
      method,
      url,
      headers: {
        authorization: await t.login(who),
        ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }),
        ...(language ? { 'accept-language': language } : {}),
      },
      ...(payload === undefined ? {} : { payload }),
    });
  const read = async (url: string): Promise<Row> => {
    const r = await call('GET', url, 'admin@demo.local');
    expect(r.statusCode, `GET ${url}`).toBe(200);
    return r.json() as Row;
  };
  const expectStale = (r: LightMyRequestResponse, key: PlainKey, current: number) => {
    expect(r.statusCode).toBe(409);
    expect(r.json()).toEqual({ message: render(key, 'en'), code: key, current_version: current });
    expect(r.headers.etag).toBe(`"${current}"`);
  };

  beforeAll(async () => {
    ({ t, foreign, call } = await adminTest.openAdminTest());
    cdMad = await adminTest.locationIdByCode(t.database.db, 'CD-MAD');
    areaId = await adminTest.firstAreaId(call, cdMad);
  });
  afterAll(async () => t.close());

  /** One resource: a record of the demo company, an edit of it (its field `field` set to `value`), a foreign record. */
  type Resource = {
    name: string;
    /** Its list's path; a record's is the path and its id. */
    path: string;
    /** The record edited; the first of its list when not given. */
    record?: () => Promise<number>;
    edit: (row: Row, value: string) => object;
    /** The field the edit sets; `description` when not given. */
    field?: string;
    foreignId: () => number;
    changed: PlainKey;
  };
  const firstOf = async (url: string) => (await call('GET', url, 'admin@demo.local')).json().results[0].id as number;
  const resources: Resource[] = [
    {
      name: 'reader',
      path: '/api/readers/',
      edit: (_row, value) => ({ description: value }),
      foreignId: () => foreign.deviceId,
      changed: 'admin.reader_changed',
    },
    {
      name: 'printer',
      path: '/api/printer/printers/',
      edit: (row, value) => ({
        description: value,
        mac: row.mac,
        location_area: (row.location_area as { id: number }).id,
        ip_address: row.ip_address,
        port: row.port,
        serial_number: row.serial_number,
      }),
      foreignId: () => foreign.printerId,
      changed: 'admin.printer_changed',
    },
    {
      name: 'area',
      path: '/api/areas/',
      record: async () => areaId,
      edit: (row, value) => ({ description: value, location_id: row.location_id }),
      foreignId: () => foreign.areaId,
      changed: 'admin.area_changed',
    },
    {
      name: 'location',
      path: '/api/locations/',
      record: async () => cdMad,
      edit: (row, value) => ({
        description: row.description,
        code: row.code,
        kind: row.kind,
        brand: row.brand,
        phone: row.phone,
        email: row.email,
        observations: value,
        floor: row.floor,
        address: row.address,
      }),
      field: 'observations',
      foreignId: () => foreign.locationId,
      changed: 'admin.location_changed',
    },
    {
      name: 'user',
      path: '/api/locationusers/',
      record: () => firstOf('/api/locationusers/?search=viewer'),
      edit: (row, value) => ({
        first_name: value,
        last_name: row.last_name,
        email: row.email,
        editor: row.editor,
        locations: row.locations,
      }),
      field: 'first_name',
      foreignId: () => foreign.userId,
      changed: 'admin.user_changed',
    },
  ];

  describe.each(resources)('$name', (resource) => {
    const url = (recordId: number) => `${resource.path}${recordId}/`;
    const field = resource.field ?? 'description';
    /** PUTs the resource's edit of `before` setting `value`, as `who`, with `options` (If-Match, language). */
    const putEdit = (who: string, before: Row, value: string, options: Omit<Options, 'payload'> = {}) =>
      send('PUT', url(id), who, { payload: resource.edit(before, value), ...options });
    let id: number;
    beforeAll(async () => {
      id = await (resource.record?.() ?? firstOf(resource.path));
    });

    it('answers its version: ETag of the record, `version` in the record and in the list', async () => {
      const r = await call('GET', url(id), 'admin@demo.local');
      expect(r.statusCode).toBe(200);
      expect(r.json().version).toBeGreaterThanOrEqual(1);
      expect(r.headers.etag).toBe(`"${r.json().version}"`);
      const listed = (await call('GET', `${resource.path}?limit=100`, 'admin@demo.local')).json().results as Row[];
      expect(listed.find((row) => row.id === id)?.version).toBe(r.json().version);
    });

    it('takes an edit from the current version (If-Match or body) and answers version + 1', async () => {
      const before = await read(url(id));
      const byHeader = await putEdit('admin@demo.local', before, 'Por cabecera', { ifMatch: `"${before.version}"` });
      expect(byHeader.statusCode).toBe(200);
      expect(byHeader.json()).toMatchObject({ [field]: 'Por cabecera', version: before.version + 1 });
      expect(byHeader.headers.etag).toBe(`"${before.version + 1}"`);
      const byBody = await send('PUT', url(id), 'admin@demo.local', {
        payload: { ...resource.edit(before, 'Por cuerpo'), version: before.version + 1 },
      });
      expect(byBody.statusCode).toBe(200);
      expect(byBody.json()).toMatchObject({ [field]: 'Por cuerpo', version: before.version + 2 });
      expect(await read(url(id))).toMatchObject({ [field]: 'Por cuerpo', version: before.version + 2 });
    });

    it('refuses an edit from an older version (409, its current version) and changes nothing', async () => {
      const before = await read(url(id));
      const seen = before.version;
      expect((await putEdit('brand@demo.local', before, 'Primera')).statusCode).toBe(200);
      const now = await read(url(id));
      expect(now.version).toBe(seen + 1);
      const byHeader = await putEdit('admin@demo.local', before, 'Segunda', { ifMatch: `"${seen}"` });
      expectStale(byHeader, resource.changed, seen + 1);
      const byBody = await send('PUT', url(id), 'admin@demo.local', {
        payload: { ...resource.edit(before, 'Segunda'), version: seen },
      });
      expectStale(byBody, resource.changed, seen + 1);
      const spanish = await putEdit('admin@demo.local', before, 'Segunda', { ifMatch: `"${seen}"`, language: 'es' });
      expect(spanish.statusCode).toBe(409);
      expect(spanish.json().message).toBe(render(resource.changed, 'es'));
      expect(spanish.json().message).toMatch(/^Otra persona ha cambiado .* mientras usted/);
      expect(await read(url(id))).toEqual(now);
    });

    it('takes an edit that names no version, as before versions (last write wins), and bumps the version', async () => {
      const before = await read(url(id));
      const r = await putEdit('admin@demo.local', before, 'Sin versión');
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ [field]: 'Sin versión', version: before.version + 1 });
      const any = await putEdit('admin@demo.local', before, 'Cualquiera', { ifMatch: '*' });
      expect(any.json()).toMatchObject({ [field]: 'Cualquiera', version: before.version + 2 });
    });

    it('refuses a role below the admin menu and another company’s record, whatever the version', async () => {
      const before = await read(url(id));
      const refused = await putEdit('editor@demo.local', before, 'Rechazado', { ifMatch: `"${before.version}"` });
      expect(refused.statusCode).toBe(403);
      const foreignRecord = await send('PUT', url(resource.foreignId()), 'admin@demo.local', {
        payload: resource.edit(before, 'Ajeno'),
        ifMatch: '"1"',
      });
      expect(foreignRecord.statusCode).toBe(404);
      expect(await read(url(id))).toEqual(before);
    });
  });

  it('refuses a malformed If-Match, and one that disagrees with the body’s version (400), changing nothing', async () => {
    const url = `/api/areas/${areaId}/`;
    const before = await read(url);
    const edit = { description: 'Mal', location_id: before.location_id };
    for (const ifMatch of ['"abc"', '"0"', '"1", "2"', 'W/']) {
      const r = await send('PUT', url, 'admin@demo.local', { payload: edit, ifMatch });
      expect(r.statusCode, ifMatch).toBe(400);
      expect(r.json().codes).toEqual({ 'If-Match': ['common.if_match_invalid'] });
    }
    const disagree = await send('PUT', url, 'admin@demo.local', {
      payload: { ...edit, version: before.version },
      ifMatch: `"${before.version + 1}"`,
    });
    expect(disagree.statusCode).toBe(400);
    expect(disagree.json().codes).toEqual({ version: ['common.version_disagrees'] });
    const badBody = await send('PUT', url, 'admin@demo.local', { payload: { ...edit, version: 0 } });
    expect(badBody.statusCode).toBe(400);
    expect(Object.keys(badBody.json().errors)).toEqual(['version']);
    expect(await read(url)).toEqual(before);
  });

  describe('DELETE with If-Match (printers, location users)', () => {
    const addPrinter = async () =>
      (
        await call('POST', '/api/printer/printers/', 'admin@demo.local', {
          description: 'Para borrar',
          mac: `84:24:8D:DE:00:${String(Math.floor(Math.random() * 90) + 10)}`,
          location_area: areaId,
          ip_address: '10.1.2.3',
          port: 9100,
        })
      ).json() as Row;
    const addUser = async (email: string) =>
      (
        await call('POST', '/api/locationusers/', 'admin@demo.local', {
          first_name: 'Para',
          last_name: 'Borrar',
          email,
          password: 'borrar esta cuenta',
          editor: false,
          locations: [cdMad],
        })
      ).json() as Row;

    it('deletes from the current version, refuses an older one (409, nothing deleted), and without If-Match as before', async () => {
      const printer = await addPrinter();
      const printerUrl = `/api/printer/printers/${printer.id}/`;
      const edited = await send('PUT', printerUrl, 'admin@demo.local', {
        payload: { description: 'Cambiada', mac: printer.mac, location_area: areaId, ip_address: '10.1.2.3', port: 9100 },
      });
      expect(edited.json().version).toBe(2);
      expectStale(
        await send('DELETE', `/api/printers/${printer.id}/`, 'admin@demo.local', { ifMatch: '"1"' }),
        'admin.printer_changed',
        2,
      );
      expect((await read(printerUrl)).description).toBe('Cambiada');
      expect((await send('DELETE', printerUrl, 'editor@demo.local', { ifMatch: '"2"' })).statusCode).toBe(403);
      expect(
        (await send('DELETE', `/api/printers/${foreign.printerId}/`, 'admin@demo.local', { ifMatch: '"1"' })).statusCode,
      ).toBe(404);
      expect((await send('DELETE', `/api/printers/${printer.id}/`, 'admin@demo.local', { ifMatch: '"2"' })).statusCode).toBe(204);
      expect((await call('GET', printerUrl, 'admin@demo.local')).statusCode).toBe(404);
      const other = await addPrinter();
      expect((await send('DELETE', `/api/printers/${other.id}/`, 'admin@demo.local')).statusCode).toBe(204);

      const user = await addUser('borrar-1@demo.local');
      const userUrl = `/api/locationusers/${user.id}/`;
      const renamed = await send('PUT', userUrl, 'admin@demo.local', {
        payload: { first_name: 'Otro', last_name: 'Borrar', email: 'borrar-1@demo.local', editor: false, locations: [cdMad] },
      });
      expect(renamed.json().version).toBe(2);
      expectStale(await send('DELETE', userUrl, 'admin@demo.local', { ifMatch: '"1"' }), 'admin.user_changed', 2);
      expect((await read(userUrl)).first_name).toBe('Otro');
      expect((await send('DELETE', userUrl, 'editor@demo.local', { ifMatch: '"2"' })).statusCode).toBe(403);
      expect((await send('DELETE', `/api/locationusers/${foreign.userId}/`, 'admin@demo.local')).statusCode).toBe(404);
      expect((await send('DELETE', userUrl, 'admin@demo.local', { ifMatch: '"2"' })).statusCode).toBe(204);
      const plain = await addUser('borrar-2@demo.local');
      expect((await send('DELETE', `/api/locationusers/${plain.id}/`, 'admin@demo.local')).statusCode).toBe(204);
    });
  });

  describe("a reader's key rotation", () => {
    const gtin = buildDemoItemTypes(1)[0]?.gtin as string;
    let serial = 0;
    /** A new reader (its own serial number and MAC) in CD-MAD. */
    const addReader = async () => {
      serial += 1;
      const r = await call('POST', '/api/readers/', 'admin@demo.local', {
        serial_number: `ROT-${serial}`,
        mac_address: `84:24:8D:AB:00:${String(serial).padStart(2, '0')}`,
        locationArea1_id: areaId,
      });
      expect(r.statusCode).toBe(201);
      return r.json() as Row & { serial_number: string; device_key: string };
    };
    const storedHash = async (id: number) =>
      (await t.database.db.select({ h: devices.deviceKeyHash }).from(devices).where(eq(devices.id, id)))[0]?.h;
    const sha256 = (key: string) => createHash('sha256').update(key).digest('hex');
    /** A reading set of one new tag, sent with `key` as the reader `device`. */
    const sendSet = (device: string, key: string, n: number) =>
      t.call('POST', '/api/readingsets/', `Device ${key}`, {
        id: randomUUID(),
        device,
        start_time: '2026-11-20T10:00:00Z',
        end_time: '2026-11-20T10:00:05Z',
        epcs: [encodeSgtin96({ gtin, serial: String(880_000 + n), companyPrefixLength: 7 })],
      });
    const rotate = async (id: number, { ifMatch, version }: { ifMatch?: string; version?: number }) =>
      send('POST', `/api/readers/${id}/rotate_key/`, 'admin@demo.local', {
        ...(ifMatch === undefined ? {} : { ifMatch }),
        ...(version === undefined ? {} : { payload: { version } }),
      });

    it('two rotations from one version at once: one answers the key, which works; the other 409, its key never stored', async () => {
      const reader = await addReader();
      const [a, b] = await Promise.all([
        rotate(reader.id, { ifMatch: `"${reader.version}"` }),
        rotate(reader.id, { version: reader.version }),
      ]);
      const answers = [a, b].map((r) => r.statusCode).sort();
      expect(answers).toEqual([200, 409]);
      const winner = (a.statusCode === 200 ? a : b).json() as { id: number; device_key: string; version: number };
      const loser = a.statusCode === 200 ? b : a;
      expect(winner).toMatchObject({ id: reader.id, version: reader.version + 1 });
      expect(loser.json()).toMatchObject({ code: 'admin.reader_changed', current_version: reader.version + 1 });
      expect(loser.json().device_key).toBeUndefined();
      expect(await storedHash(reader.id)).toBe(sha256(winner.device_key));
      expect((await read(`/api/readers/${reader.id}/`)).version).toBe(reader.version + 1);
      // The winner's key authenticates a reading set; the old key no longer does.
      const accepted = await sendSet(reader.serial_number, winner.device_key, 1);
      expect(accepted.statusCode, accepted.body).toBeLessThan(300);
      expect((await sendSet(reader.serial_number, reader.device_key, 2)).statusCode).toBe(401);
    });

    it('refuses a rotation from an older version (409, the key kept) and refuses roles above 1 and foreign readers', async () => {
      const reader = await addReader();
      const edited = await send('PUT', `/api/readers/${reader.id}/`, 'brand@demo.local', { payload: { description: 'x' } });
      expect(edited.json().version).toBe(reader.version + 1);
      expectStale(await rotate(reader.id, { ifMatch: `"${reader.version}"` }), 'admin.reader_changed', reader.version + 1);
      expect(await storedHash(reader.id)).toBe(sha256(reader.device_key));
      const brand = await send('POST', `/api/readers/${reader.id}/rotate_key/`, 'brand@demo.local', {
        ifMatch: `"${reader.version + 1}"`,
      });
      expect(brand.statusCode).toBe(403);
      const foreignReader = await send('POST', `/api/readers/${foreign.deviceId}/rotate_key/`, 'admin@demo.local', {
        ifMatch: '"1"',
      });
      expect(foreignReader.statusCode).toBe(404);
      expect(await storedHash(reader.id)).toBe(sha256(reader.device_key));
      const fresh = await rotate(reader.id, { ifMatch: `"${reader.version + 1}"` });
      expect(fresh.statusCode).toBe(200);
      expect(fresh.headers.etag).toBe(`"${reader.version + 2}"`);
      expect(await storedHash(reader.id)).toBe(sha256(fresh.json().device_key));
    });

    it('two rotations without a version at once: both answer, one after the other; the later answer holds the stored key', async () => {
      const reader = await addReader();
      const answers = (await Promise.all([rotate(reader.id, {}), rotate(reader.id, {})])).map(
        (r) => r.json() as { device_key: string; version: number },
      );
      expect(answers.map((a) => a.version).sort()).toEqual([reader.version + 1, reader.version + 2]);
      const last = answers.find((a) => a.version === reader.version + 2);
      expect(await storedHash(reader.id)).toBe(sha256(last?.device_key ?? ''));
    });
  });

  it('documents If-Match and the 409 of the edits in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; responses: Record<string, unknown> }>>;
    };
    const edits: [string, string][] = [
      ['/api/readers/{id}/', 'put'],
      ['/api/readers/{id}/rotate_key/', 'post'],
      ['/api/printer/printers/{id}/', 'put'],
      ['/api/printers/{id}/', 'delete'],
      ['/api/areas/{id}/', 'put'],
      ['/api/locations/{id}/', 'put'],
      ['/api/locationusers/{id}/', 'put'],
      ['/api/locationusers/{id}/', 'delete'],
    ];
    for (const [path, method] of edits) {
      const operation = doc.paths[path]?.[method];
      expect(
        operation?.parameters?.some((p) => p.in === 'header' && p.name === 'if-match'),
        `${method} ${path}`,
      ).toBe(true);
      expect(Object.keys(operation?.responses ?? {}), `${method} ${path}`).toContain('409');
    }
  });
});
