import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { apiKeys, users } from '../../db/schema/index.js';
import { addForeignCompany, type ForeignCompany, locationIdByCode } from '../../test/admin-fixtures.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

/**
 * API keys end to end (issue 27): the administrators' routes, and requests made with a key (Bearer or X-API-Key): a read
 * key reads its locations and writes nothing, a write key writes only in its locations, neither reaches the
 * administration nor works as a user's token, and a revoked key is refused at once, in another process too (two apps on
 * one database, with a token cache long enough that only the revocation's notification can explain it).
 */
describe('API keys', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let foreign: ForeignCompany;
  let mad: number;
  let bcn: number;
  const config = { ...loadConfig(), authCacheMs: 60_000 };

  const as = async (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.call(method, url, await t.login(who), payload);
  const withKey = (
    key: string,
    method: 'GET' | 'POST' | 'DELETE' | 'PUT',
    url: string,
    payload?: unknown,
    { header = 'bearer', app = t.app }: { header?: 'bearer' | 'x-api-key' | 'token'; app?: FastifyInstance } = {},
  ) =>
    app.inject({
      method,
      url,
      headers:
        header === 'x-api-key' ? { 'x-api-key': key } : { authorization: `${header === 'token' ? 'Token' : 'Bearer'} ${key}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const makeKey = async (body: Record<string, unknown>, who = 'admin@demo.local') => {
    const r = await as(who, 'POST', '/api/api_keys/', body);
    expect(r.statusCode, r.body).toBe(201);
    return r.json() as { id: number; key: string; prefix: string };
  };
  /** A GTIN-13 with a right check digit that the demo catalogue does not have. */
  const GTIN = '4006381333931';

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, options: { config } });
    other = await buildApp({ database: t.database, config });
    await other.ready();
    foreign = await addForeignCompany(t.database.db);
    await t.database.db.update(users).set({ role: 1 }).where(eq(users.id, foreign.userId));
    mad = await locationIdByCode(t.database.db, 'T-MAD-01');
    bcn = await locationIdByCode(t.database.db, 'T-BCN-01');
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  describe('POST, GET and DELETE /api/api_keys/', () => {
    it('makes a key shown once (only its SHA-256 kept), lists it without the key, revokes it', async () => {
      const created = await makeKey({ name: 'ERP SAP', access: 'read', locations: [mad] });
      expect(created.key).toMatch(/^rfid_[A-Za-z0-9_-]{43}$/);
      expect(created.prefix).toBe(created.key.slice(0, 12));
      expect(created).toMatchObject({
        name: 'ERP SAP',
        access: 'read',
        locations: [{ id: mad, code: 'T-MAD-01' }],
        revoked_at: null,
      });
      const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
      expect(row?.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(created.key);

      const list = await as('brand@demo.local', 'GET', '/api/api_keys/');
      expect(list.statusCode).toBe(200);
      const listed = list.json().find((k: { id: number }) => k.id === created.id);
      expect(listed).toMatchObject({ name: 'ERP SAP', prefix: created.prefix, created_by: { email: 'admin@demo.local' } });
      expect(listed).not.toHaveProperty('key');

      const revoked = await as('brand@demo.local', 'DELETE', `/api/api_keys/${created.id}/`);
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect(revoked.json().revoked_at).not.toBeNull();
      expect((await as('admin@demo.local', 'DELETE', `/api/api_keys/${created.id}/`)).statusCode).toBe(409);
      const active = (await as('admin@demo.local', 'GET', '/api/api_keys/')).json();
      expect(active.some((k: { id: number }) => k.id === created.id)).toBe(false);
      const withRevoked = (await as('admin@demo.local', 'GET', '/api/api_keys/?revoked=true')).json();
      expect(withRevoked.some((k: { id: number }) => k.id === created.id)).toBe(true);
    });

    it('refuses bad input with a 400 naming the field', async () => {
      const noName = await as('admin@demo.local', 'POST', '/api/api_keys/', { access: 'read' });
      expect(noName.statusCode).toBe(400);
      expect(Object.keys(noName.json().errors)).toEqual(['name']);
      const badAccess = await as('admin@demo.local', 'POST', '/api/api_keys/', { name: 'x', access: 'admin' });
      expect(badAccess.statusCode).toBe(400);
      expect(badAccess.json().errors.access).toEqual(['Choose read or write.']);
      const badLocations = await as('admin@demo.local', 'POST', '/api/api_keys/', {
        name: 'x',
        access: 'read',
        locations: 'all',
      });
      expect(badLocations.statusCode).toBe(400);
      expect(Object.keys(badLocations.json().errors)).toEqual(['locations']);
    });

    it('refuses roles 3 to 5 (403), another company’s location (404) and key (404)', async () => {
      for (const who of ['editor@demo.local', 'printer@demo.local', 'viewer@demo.local']) {
        expect((await as(who, 'GET', '/api/api_keys/')).statusCode, who).toBe(403);
        expect((await as(who, 'POST', '/api/api_keys/', { name: 'x', access: 'read' })).statusCode, who).toBe(403);
      }
      expect(
        (await as('admin@demo.local', 'POST', '/api/api_keys/', { name: 'x', access: 'read', locations: [foreign.locationId] }))
          .statusCode,
      ).toBe(404);
      const ours = await makeKey({ name: 'ours', access: 'read' });
      expect((await as(foreign.email, 'DELETE', `/api/api_keys/${ours.id}/`)).statusCode).toBe(404);
      expect((await as(foreign.email, 'GET', '/api/api_keys/')).json().some((k: { id: number }) => k.id === ours.id)).toBe(false);
    });
  });

  describe('requests made with a key', () => {
    it('a read key reads its locations (Bearer or X-API-Key), is refused writes and other locations', async () => {
      const { key } = await makeKey({ name: 'read MAD', access: 'read', locations: [mad] });
      for (const header of ['bearer', 'x-api-key'] as const) {
        const r = await withKey(key, 'GET', '/api/erp/differences/?limit=5', undefined, { header });
        expect(r.statusCode, r.body).toBe(200);
      }
      expect((await withKey(key, 'GET', `/api/locations/${mad}/inventories/`)).statusCode).toBe(200);
      expect((await withKey(key, 'GET', `/api/locations/${bcn}/inventories/`)).statusCode).toBe(404);
      const locations = (await withKey(key, 'GET', '/api/locations/?limit=100')).json();
      expect(locations.results.map((l: { code: string }) => l.code)).toEqual(['T-MAD-01']);
      const write = await withKey(key, 'POST', '/api/erp/stock/', [{ store: 'T-MAD-01', gtin: GTIN, quantity: 1 }]);
      expect(write.statusCode).toBe(403);
      expect(write.json().code).toBe('keys.read_only');
    });

    it('a write key writes in its locations only', async () => {
      const { key } = await makeKey({ name: 'write MAD', access: 'write', locations: [mad] });
      const mine = await withKey(key, 'POST', '/api/erp/stock/', [{ store: 'T-MAD-01', gtin: GTIN, quantity: 4 }]);
      expect(mine.statusCode, mine.body).toBe(201);
      // The import is the key creator's, in the key's company.
      expect(mine.json().created_by.email).toBe('admin@demo.local');
      const notMine = await withKey(key, 'POST', '/api/erp/stock/', [{ store: 'T-BCN-01', gtin: GTIN, quantity: 4 }]);
      expect(notMine.statusCode).toBe(400);
    });

    it('a key is refused on the administration and the user session routes', async () => {
      const { key } = await makeKey({ name: 'write all', access: 'write' });
      for (const url of ['/api/api_keys/', '/api/locationusers/', '/api/identity/']) {
        expect((await withKey(key, 'GET', url)).statusCode, url).toBe(403);
      }
      expect((await withKey(key, 'POST', '/api/api_keys/', { name: 'escalate', access: 'write' })).statusCode).toBe(403);
      expect((await withKey(key, 'POST', '/api/logout/')).statusCode).toBe(403);
    });

    it('a key never works as a token, nor a token as a key; an unknown key is 401', async () => {
      const { key } = await makeKey({ name: 'separate', access: 'read' });
      expect((await withKey(key, 'GET', '/api/erp/differences/', undefined, { header: 'token' })).statusCode).toBe(401);
      const token = (await t.login('admin@demo.local')).slice('Token '.length);
      expect((await withKey(token, 'GET', '/api/erp/differences/')).statusCode).toBe(401);
      expect((await withKey(token, 'GET', '/api/erp/differences/', undefined, { header: 'x-api-key' })).statusCode).toBe(401);
      const unknown = await withKey(`rfid_${'A'.repeat(43)}`, 'GET', '/api/erp/differences/');
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json().code).toBe('keys.invalid');
    });

    it('a revoked key is refused at once, in this process and in another one that had it cached', async () => {
      const { id, key } = await makeKey({ name: 'to revoke', access: 'read' });
      expect((await withKey(key, 'GET', '/api/erp/differences/', undefined, { app: other })).statusCode).toBe(200);
      expect((await withKey(key, 'GET', '/api/erp/differences/', undefined, { app: other })).statusCode).toBe(200); // cached
      expect((await as('admin@demo.local', 'DELETE', `/api/api_keys/${id}/`)).statusCode).toBe(200);
      expect((await withKey(key, 'GET', '/api/erp/differences/')).statusCode).toBe(401);
      await expect
        .poll(async () => (await withKey(key, 'GET', '/api/erp/differences/', undefined, { app: other })).statusCode, {
          timeout: 2_000,
          interval: 20,
        })
        .toBe(401);
    });

    it('notes the last use, at most once a minute', async () => {
      const { id, key } = await makeKey({ name: 'used', access: 'read' });
      const lastUsed = async () =>
        (await t.database.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, id)))[0]?.at ?? null;
      expect(await lastUsed()).toBeNull();
      await withKey(key, 'GET', '/api/erp/differences/');
      const first = await lastUsed();
      expect(first).not.toBeNull();
      await withKey(key, 'GET', '/api/erp/differences/');
      expect((await lastUsed())?.getTime()).toBe(first?.getTime());
      const listed = (await as('admin@demo.local', 'GET', '/api/api_keys/')).json().find((k: { id: number }) => k.id === id);
      expect(listed.last_used_at).toBe(first?.toISOString());
    });
  });
});
