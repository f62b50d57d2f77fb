import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDeviceKey } from '../db/seed/demo-data.js';
import { buildTestApp, type TestApp } from '../test/helpers.js';

type Operation = { parameters?: { in: string; name: string }[]; responses?: Record<string, unknown> };
type Document = { paths: Record<string, Record<string, Operation>> };

/**
 * Issue 29, finding 6: a query parameter a route does not name is a 400 naming it, on every GET of the OpenAPI document
 * (http/query-keys.ts). Called as the demo administrator (role 1 reaches every route); the path parameters are any
 * value, as the unknown parameter is refused before anything else is checked.
 */
/** The routes of the readers themselves: a reader's key, not a user's token (modules/ingest). */
const DEVICE_ROUTES = /^\/api\/readers\/status\//;
/** The EPCIS query interface takes the standard's open set of SimpleEventQuery parameters (EQ_…, GE_…, MATCH_…). */
const OPEN_QUERIES =
  /^\/epcis\/(events|epcs|eventTypes|bizSteps|bizLocations|readPoints|dispositions|queries\/\{queryName\}\/events|capture)/;

describe('unknown query parameters', () => {
  let t: TestApp;
  let admin: string;
  let document: Document;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.login('admin@demo.local');
    document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });
  afterAll(async () => t.close());

  const fill = (path: string) => path.replace(/\{[^}]+\}/g, '1');

  it('refuses an unknown parameter on every GET of the OpenAPI document, naming it', async () => {
    const gets = Object.entries(document.paths).filter(([path, ops]) => ops.get && !OPEN_QUERIES.test(path));
    expect(gets.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const [path] of gets) {
      const r = await t.app.inject({
        method: 'GET',
        url: `${fill(path)}?nonsense_filter=1`,
        headers: {
          authorization: DEVICE_ROUTES.test(path) ? `Device ${demoDeviceKey('TUN-MAD-01')}` : admin,
          'accept-language': 'en',
        },
      });
      const body = r.headers['content-type']?.includes('json') ? r.json() : undefined;
      if (r.statusCode !== 400 || JSON.stringify(body?.errors) !== JSON.stringify({ nonsense_filter: ['Unknown filter.'] })) {
        wrong.push(`${path}: ${r.statusCode} ${r.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers in Spanish by default, and names every unknown key', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/locations/?nonsense_filter=1&otro=2&limit=5',
      headers: { authorization: admin, 'accept-language': 'es' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toEqual({ nonsense_filter: ['Filtro desconocido.'], otro: ['Filtro desconocido.'] });
    expect(r.json().message).toBe('nonsense_filter: Filtro desconocido.');
  });

  it('still takes the filters routes name', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: admin } });
    const all = (await get('/api/locations/')).json();
    const one = await get(`/api/locations/?description__icontains=${encodeURIComponent(all.results[0].description)}&limit=5`);
    expect(one.statusCode).toBe(200);
    expect(one.json().count).toBeGreaterThan(0);
    expect(one.json().count).toBeLessThan(all.count);
    const brands = (await get('/api/brands/')).json();
    const brand = await get(`/api/brands/?description__contains=${encodeURIComponent(brands.results[0].description)}`);
    expect(brand.statusCode).toBe(200);
    expect(brand.json().results.map((b: { id: number }) => b.id)).toContain(brands.results[0].id);
    const readers = await get(`/api/readers/?locationId=${all.results[0].id}`);
    expect(readers.statusCode).toBe(200);
  });
});
