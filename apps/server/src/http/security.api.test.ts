import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDeviceKey } from '../db/seed/demo-data.js';
import { SET_ID_TAKEN } from '../modules/ingest/ingest.service.js';
import { locationIdByCode } from '../test/admin-fixtures.js';
import { buildTestApp, en, type TestApp } from '../test/helpers.js';
import { securityHeaders } from './security-headers.js';

/** Issue 13, items 11 to 18: each test failed before its fix. */

const rows = async <T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The demo administrator's GET of `url` sent as by a proxy: X-Forwarded-Host `host`, X-Forwarded-Proto https. */
const adminViaHttps = async (t: TestApp, url: string, host: string) =>
  t.app.inject({
    url,
    headers: {
      authorization: await t.login('admin@demo.local'),
      'x-forwarded-host': host,
      'x-forwarded-proto': 'https',
    },
  });

describe('security (issue 13)', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'rfid-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    t = await buildTestApp({ options: { webDist } });
  });
  afterAll(async () => t.close());

  describe('11. login throttling', () => {
    it('does not believe X-Forwarded-For from a client that is no trusted proxy: rotating it still ends in 429', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const r = await t.signIn(`nobody${i}@x.local`, 'wrong-password', {
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
          remoteAddress: '198.51.100.7',
        });
        statuses.push(r.statusCode);
      }
      // An address has 20 free failures (issue 29), then it is slowed down.
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
      expect(statuses[20]).toBe(429);
      // Even the right password of a real user, from that address, with yet another X-Forwarded-For.
      const right = await t.signIn('brand@demo.local', 'demo1234', {
        headers: { 'x-forwarded-for': '203.0.113.99' },
        remoteAddress: '198.51.100.7',
      });
      expect(right.statusCode).toBe(429);
    });

    it("a success with the attacker's own account does not reset the address's failures", async () => {
      const address = '198.51.100.8';
      for (let i = 0; i < 19; i++)
        expect((await t.signIn(`guess${i}@x.local`, 'nope-nope', { remoteAddress: address })).statusCode).toBe(400);
      expect((await t.signIn('viewer@demo.local', 'demo1234', { remoteAddress: address })).statusCode).toBe(200);
      expect((await t.signIn('guess19@x.local', 'nope-nope', { remoteAddress: address })).statusCode).toBe(400);
      expect((await t.signIn('guess20@x.local', 'nope-nope', { remoteAddress: address })).statusCode).toBe(429);
      // The user's own count is reset by its success: elsewhere it signs in.
      expect((await t.signIn('viewer@demo.local', 'demo1234', { remoteAddress: '198.51.100.9' })).statusCode).toBe(200);
    });

    it('takes as long for an unknown user as for a known one (a dummy hash is verified)', async () => {
      const time = async (username: string, address: string) => {
        const start = process.hrtime.bigint();
        const r = await t.signIn(username, 'wrong-password', { remoteAddress: address });
        expect(r.statusCode).toBe(400);
        return Number(process.hrtime.bigint() - start) / 1e6;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      // 5 tries: the account's free failures (a 6th would be slowed down, issue 29).
      for (let i = 0; i < 5; i++) {
        known.push(await time('editor@demo.local', `198.51.100.${20 + i}`));
        unknown.push(await time(`ghost${i}@demo.local`, `198.51.100.${30 + i}`));
      }
      // Before: ~2 ms for an unknown user against ~60-130 ms for a known one (a ratio of ~0.03); with the dummy hash the
      // two are alike. Medians, and a quarter as the bound, so that a busy machine's stalls (seen: 256 against 531 ms
      // at load 20) do not fail it while the missing hash still would.
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
      expect(median(unknown)).toBeGreaterThan(median(known) * 0.25);
    });
  });

  describe('11, 14, 15. behind a trusted proxy', () => {
    let proxied: TestApp;
    beforeAll(async () => {
      proxied = await buildTestApp({ options: { trustProxy: ['127.0.0.1'] } });
    });
    afterAll(async () => proxied.close());

    it("believes a configured proxy's X-Forwarded-For (each client address is counted on its own)", async () => {
      for (let i = 0; i < 21; i++) {
        const r = await proxied.signIn(`nobody${i}@x.local`, 'wrong-password', {
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        });
        expect(r.statusCode).toBe(400);
      }
    });

    it("builds next links on a trusted proxy's X-Forwarded-Host and sends HSTS when it says https", async () => {
      const r = await adminViaHttps(proxied, '/api/providers/?limit=1', 'rfid.example.com');
      expect(r.statusCode).toBe(200);
      expect(r.json().next).toBe('https://rfid.example.com/api/providers/?limit=1&offset=1');
      expect(r.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    });
  });

  describe('12. revocation', () => {
    it("a new password (set by an admin) ends the user's tokens at once", async () => {
      const tMad = await locationIdByCode(t.database.db, 'T-MAD-01');
      const admin = { authorization: await t.login('admin@demo.local') };
      const body = {
        first_name: 'Rosa',
        last_name: 'Revocada',
        email: 'rosa@demo.local',
        password: 'primera clave de rosa',
        editor: false,
        locations: [tMad],
      };
      const created = await t.app.inject({ method: 'POST', url: '/api/locationusers/', headers: admin, payload: body });
      expect(created.statusCode).toBe(201);
      const first = await t.signIn('rosa@demo.local', 'primera clave de rosa', { remoteAddress: '192.0.2.50' });
      const token = { authorization: `Token ${first.json().token}` };
      expect((await t.app.inject({ url: '/api/identity/', headers: token })).statusCode).toBe(200);

      // A change without a new password keeps the session.
      const rename = await t.app.inject({
        method: 'PUT',
        url: `/api/locationusers/${created.json().id}/`,
        headers: admin,
        payload: { ...body, first_name: 'Rosa María', password: '' },
      });
      expect(rename.statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/identity/', headers: token })).statusCode).toBe(200);

      const changed = await t.app.inject({
        method: 'PUT',
        url: `/api/locationusers/${created.json().id}/`,
        headers: admin,
        payload: { ...body, password: 'segunda clave de rosa' },
      });
      expect(changed.statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/identity/', headers: token })).statusCode).toBe(401);
      expect((await t.signIn('rosa@demo.local', 'segunda clave de rosa', { remoteAddress: '192.0.2.50' })).statusCode).toBe(200);
      // The admin who made the change is still signed in.
      expect((await t.app.inject({ url: '/api/identity/', headers: admin })).statusCode).toBe(200);
    });

    it('a rotated reader key is refused at once (no device cache keeps it alive)', async () => {
      const oldKey = demoDeviceKey('HH-T01-01');
      const send = (key: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/readingsets/',
          headers: { authorization: `Device ${key}` },
          payload: { id: randomUUID(), start_time: '2026-11-20T10:00:00Z', end_time: '2026-11-20T10:00:01Z', epcs: [] },
        });
      expect((await send(oldKey)).statusCode).toBe(201);
      const [reader] = await rows<{ id: number }>(t, sql`select id from devices where serial_number = 'HH-T01-01'`);
      const rotated = await t.app.inject({
        method: 'POST',
        url: `/api/readers/${reader?.id}/rotate_key/`,
        headers: { authorization: await t.login('admin@demo.local') },
      });
      expect(rotated.statusCode).toBe(200);
      const old = await send(oldKey);
      expect(old.statusCode).toBe(401);
      expect((await send(rotated.json().device_key)).statusCode).toBe(201);
    });
  });

  describe('13. CSV formula injection', () => {
    it('quotes text cells and escapes a formula after a `;` (a Spanish Excel separator) inside one', async () => {
      await t.database.db.execute(sql`update locations set description = 'Tienda;=1+1;@SUM(A1)' where code = 'T-MAD-01'`);
      const r = await t.app.inject({
        url: '/api/active_locations_all/',
        headers: { authorization: await t.login('admin@demo.local') },
      });
      expect(r.statusCode).toBe(200);
      expect(r.body).toContain(`"Tienda;'=1+1;'@SUM(A1)"`);
      // Read as a Spanish Excel does (`;`) and as an English one (`,`): no cell starts a formula.
      for (const delimiter of [';', ',']) {
        const cells = (parse(r.body, { delimiter, relax_column_count: true, relax_quotes: true }) as string[][]).flat();
        expect(cells.filter((cell) => /^[=+@]/.test(cell))).toEqual([]);
      }
    });
  });

  describe('14. security headers', () => {
    it('sends nosniff, frame protection, a CSP and a referrer policy on the API and on the web app, no HSTS over HTTP', async () => {
      for (const url of ['/api/health', '/', '/inbound/orders', '/api/nope/']) {
        const r = await t.app.inject({ url });
        expect(r.headers['x-content-type-options'], url).toBe('nosniff');
        expect(r.headers['x-frame-options'], url).toBe('SAMEORIGIN');
        expect(r.headers['content-security-policy'], url).toContain("default-src 'self'");
        expect(r.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
        expect(r.headers['content-security-policy'], url).toContain("script-src 'self'");
        expect(r.headers['referrer-policy'], url).toBe('no-referrer');
        expect(r.headers['strict-transport-security'], url).toBeUndefined();
      }
      // Every header helmet's own middleware sets on a real response, worked out once (security-headers.ts), on an
      // answer, a refused call included.
      const real = new ServerResponse(new IncomingMessage(new Socket()));
      helmet(securityHeaders(undefined))(real.req, real, () => {});
      const expected = Object.entries(real.getHeaders());
      expect(expected.length).toBeGreaterThanOrEqual(10);
      for (const url of ['/api/health', '/api/identity/']) {
        const r = await t.app.inject({ url });
        for (const [name, value] of expected) expect(r.headers[name], `${url} ${name}`).toBe(String(value));
      }
      // A client's X-Forwarded-Proto is not a trusted proxy's: still no HSTS.
      const spoofed = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    });
  });

  describe('15. next/previous links', () => {
    it("ignore a client's X-Forwarded-Host", async () => {
      const r = await adminViaHttps(t, '/api/providers/?limit=1&offset=1', 'evil.example');
      expect(r.json().next).toBe('http://localhost/api/providers/?limit=1&offset=2');
      expect(r.json().previous).toBe('http://localhost/api/providers/?limit=1');
    });

    it('are built on PUBLIC_URL when it is set, whatever Host says', async () => {
      const pub = await buildTestApp({ options: { publicUrl: new URL('https://rfid.example.com/stock/') } });
      try {
        const r = await pub.app.inject({
          url: '/api/providers/?limit=1',
          headers: {
            authorization: await pub.login('admin@demo.local'),
            host: 'evil.example',
            'x-forwarded-host': 'evil2.example',
          },
        });
        expect(r.json().next).toBe('https://rfid.example.com/stock/api/providers/?limit=1&offset=1');
      } finally {
        await pub.close();
      }
    });

    it('are relative when Host is no host name', async () => {
      const r = await t.app.inject({
        url: '/api/providers/?limit=1',
        headers: { authorization: await t.login('admin@demo.local'), host: 'evil.example/x?' },
      });
      expect(r.json().next).toBe('/api/providers/?limit=1&offset=1');
    });
  });

  describe('16. unknown API paths', () => {
    it('answer 404 JSON for any method, never the web app', async () => {
      for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        for (const url of ['/api/nope/', '/api/', '/api', '/nms/nope', '/api/nope?x=1']) {
          const r = await t.app.inject({ method, url });
          expect(r.statusCode, `${method} ${url}`).toBe(404);
          expect(r.headers['content-type'], `${method} ${url}`).toMatch(/^application\/json/);
          if (method !== 'HEAD') expect(r.json()).toEqual({ message: 'Not found.', code: 'common.not_found' });
        }
      }
      // The web app's client-side routes still get the app; a missing asset is 404.
      const page = await t.app.inject({ url: '/inbound/orders' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect((await t.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: '/inbound/orders' })).statusCode).toBe(404);
    });
  });

  describe('17. reading set ids', () => {
    it("a reader re-sending another reader's set id gets 409, not that reader's set", async () => {
      const id = randomUUID();
      const body = { id, start_time: '2026-11-20T10:00:00Z', end_time: '2026-11-20T10:00:01Z', epcs: [] };
      const send = (serial: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/readingsets/',
          headers: { authorization: `Device ${demoDeviceKey(serial)}` },
          payload: body,
        });
      expect((await send('TUN-MAD-01')).statusCode).toBe(201);
      expect((await send('TUN-MAD-01')).statusCode).toBe(200); // the same reader's resend
      const other = await send('POR-MAD-EXP');
      expect(other.statusCode).toBe(409);
      expect(other.json()).toEqual({ message: en(SET_ID_TAKEN), code: SET_ID_TAKEN });
    });
  });

  describe('18. location scope', () => {
    it('GET /api/locations/{id}/providers/{pid}/ refuses a location the user does not see', async () => {
      const [provider] = await rows<{ id: number }>(t, sql`select id from providers order by id limit 1`);
      const cdMad = await locationIdByCode(t.database.db, 'CD-MAD');
      const tMad = await locationIdByCode(t.database.db, 'T-MAD-01');
      const viewer = { authorization: await t.login('viewer@demo.local') };
      const own = await t.app.inject({ url: `/api/locations/${tMad}/providers/${provider?.id}/`, headers: viewer });
      expect(own.statusCode).toBe(200);
      const foreign = await t.app.inject({ url: `/api/locations/${cdMad}/providers/${provider?.id}/`, headers: viewer });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ message: 'Location not found.', code: 'location.not_found' });
      expect((await t.app.inject({ url: `/api/locations/999999/providers/${provider?.id}/`, headers: viewer })).statusCode).toBe(
        404,
      );
    });
  });
});
