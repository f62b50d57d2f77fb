import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas, locations } from '../db/schema/index.js';
import { buildTestApp, type TestApp } from '../test/helpers.js';

/**
 * Issue 13, items 1–8: input that used to crash a request (500) answers 400 with a field error.
 * Each case names the request the outside audit sent.
 */
describe('hostile input answers 400, never 500 (issue 13)', () => {
  let t: TestApp;
  let admin: string;
  let cdMad: number;
  let areaId: number;

  const call = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    { payload, headers = {}, auth = true }: { payload?: unknown; headers?: Record<string, string>; auth?: boolean } = {},
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      headers: { ...(auth ? { authorization: admin } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });

  /** 400 with `field` named in `errors`. */
  const expectFieldError = (response: LightMyRequestResponse, field: string) => {
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as { message: string; errors?: Record<string, string[]> };
    expect(Object.keys(body.errors ?? {}), response.body).toContain(field);
    expect(response.body).not.toMatch(/ at .*\.(ts|js)|select |insert into|violates|relation "/i);
  };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.login('admin@demo.local');
    const [loc] = await t.database.db.select({ id: locations.id }).from(locations).where(eq(locations.code, 'CD-MAD'));
    if (!loc) throw new Error('CD-MAD missing');
    cdMad = loc.id;
    const [area] = await t.database.db.select({ id: areas.id }).from(areas).where(eq(areas.locationId, cdMad)).limit(1);
    if (!area) throw new Error('no area');
    areaId = area.id;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('1. integers past the column range', () => {
    it('an id in the path above 2,147,483,647', async () => {
      expectFieldError(await call('GET', '/api/porders/2147483648/'), 'id');
      expectFieldError(await call('GET', '/api/porders/99999999999/boxes/'), 'id');
    });
    it('an id filter above the column range', async () => {
      expectFieldError(await call('GET', `/api/locations/${cdMad}/v1/porders/?id=3000000000`), 'id');
      expectFieldError(await call('GET', '/api/items/?location=3000000000'), 'location');
    });
    it('a smallint filter above 32,767', async () => {
      expectFieldError(await call('GET', '/api/items/?state=100000'), 'state');
    });
    it('an id in a body above the column range', async () => {
      expectFieldError(await call('POST', '/api/stickers/', { payload: { order_id: 4294967296 } }), 'order_id');
    });
    it('an integer in a body past 2^31 (the database net finds the field)', async () => {
      const response = await call('POST', '/api/areas/', {
        payload: { stock: -9007199254740987, description: 'Fuzz', location_id: cdMad },
      });
      expectFieldError(response, 'stock');
    });
    it('a 77-digit number to /api/printcsv/', async () => {
      const response = await call('POST', '/api/printcsv/', {
        payload: `{"code":"${'9'.repeat(77)}","printer_id":1}`,
        headers: { 'content-type': 'application/json' },
      });
      expectFieldError(response, 'code');
    });
  });

  describe('2. a NUL byte in any string', () => {
    it('unauthenticated POST /api/authtoken/', async () => {
      const response = await call('POST', '/api/authtoken/', { payload: { username: '\u0000', password: 'x' }, auth: false });
      expectFieldError(response, 'username');
    });
    it('an __icontains filter', async () => {
      expectFieldError(await call('GET', '/api/items/?epc__icontains=a%00b'), 'epc__icontains');
      expectFieldError(
        await call('GET', `/api/locations/${cdMad}/v1/porders/?order_code__icontains=a%00b`),
        'order_code__icontains',
      );
    });
    it('a string in a body', async () => {
      const response = await call('POST', '/api/areas/', { payload: { stock: 1, description: 'a\u0000b', location_id: cdMad } });
      expectFieldError(response, 'description');
    });
  });

  describe('3. dates out of range', () => {
    it('a filter date in year 275760', async () => {
      expectFieldError(
        await call('GET', `/api/locations/${cdMad}/v1/porders/?arrival_date__gte=275760-09-13`),
        'arrival_date__gte',
      );
      expectFieldError(await call('GET', '/api/items/?last_seen_at__gte=275760-09-13'), 'last_seen_at__gte');
    });
    it('a statistics range ending in year 1', async () => {
      expectFieldError(await call('GET', `/api/locations/${cdMad}/statistics/?date_end=0001-01-01`), 'date_end');
      expectFieldError(await call('GET', `/api/locations/${cdMad}/porders/statistics/?to=0001-01-01`), 'to');
    });
    it('a reading set starting in year 0', async () => {
      const response = await call('POST', '/api/readingsets/', {
        auth: false,
        headers: { authorization: 'Device demo-hh-mad-01' },
        payload: {
          id: '0b9a3f0e-5d5c-4a44-9a36-6b1f3f0e0001',
          start_time: '0000-01-01T00:00:00Z',
          end_time: '2024-01-01T00:00:00Z',
          epcs: ['30395DFA8318D84000000001'],
        },
      });
      expectFieldError(response, 'start_time');
    });
  });

  describe('4. filter keys and order_by named like object properties', () => {
    // Issue 29: an unknown filter is refused by name (http/query-keys.ts), an object property's name too.
    it.each(['constructor', 'toString', 'hasOwnProperty__icontains'])('?%s=1 is refused like any unknown key', async (key) => {
      for (const url of [`/api/items/?${key}=1`, `/api/locations/${cdMad}/v1/porders/?${key}=1`, `/api/locations/?${key}=1`]) {
        expectFieldError(await call('GET', url), key);
      }
    });
    it('?__proto__=1 is refused too, named in the message (an `errors` key of that name cannot be sent)', async () => {
      for (const url of [`/api/items/?__proto__=1`, `/api/locations/?__proto__=1`]) {
        const response = await call('GET', url);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().message).toBe('__proto__: Unknown filter.');
      }
    });
    it.each(['order_by=__proto__', 'order_by=constructor', 'order_by=-toString'])(
      '?%s is ignored (an ordering outside the allow-list)',
      async (query) => {
        for (const url of [`/api/items/?${query}`, `/api/locations/${cdMad}/v1/porders/?${query}`, `/api/locations/?${query}`]) {
          const response = await call('GET', url);
          expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        }
      },
    );
  });

  describe('5. free reading sets by id__icontains', () => {
    it('filters the uuid as text', async () => {
      const response = await call('GET', `/api/locations/${cdMad}/free_reading_sets/?id__icontains=0b9a`);
      expect(response.statusCode, response.body).toBe(200);
      const exact = await call('GET', `/api/locations/${cdMad}/free_reading_sets/?id=not-a-uuid`);
      expectFieldError(exact, 'id');
    });
  });

  describe('6. non-integers in integer filters', () => {
    it('origin_status=1.5', async () => {
      expectFieldError(await call('GET', `/api/locations/${cdMad}/v1/porders/?origin_status=1.5`), 'origin_status');
      expectFieldError(await call('GET', `/api/locations/${cdMad}/v1/porders/?destination_status=1e400`), 'destination_status');
      expectFieldError(await call('GET', '/api/items/?area=0x10'), 'area');
    });
  });

  describe('7. a truncated multipart body', () => {
    const truncated = (field: string, filename: string) => {
      const boundary = '----fuzzboundary';
      const whole = `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nana@demo.local\r\n--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\ngtin;quantity\r\n8437012000017;3\r\n--${boundary}--\r\n`;
      return {
        payload: whole.slice(0, Math.floor(whole.length * 0.6)),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      };
    };
    it.each([
      ['POST', '/api/ticket/', 'image'],
      ['POST', '/api/areas/AREA/upload_inventory_file/', 'file'],
      ['PUT', '/api/fileupload/', 'file'],
      ['POST', '/api/printer/print_orders/create_by_csv/', 'file'],
    ] as const)('%s %s', async (method, path, field) => {
      const body = truncated(field, 'rows.csv');
      const response = await call(method, path.replace('AREA', String(areaId)), body);
      expect(response.statusCode, response.body).toBe(400);
    });
  });

  describe('8. absurd numbers in reader events', () => {
    it('peakRssiCdbm 1e308, antennaPort 1e6 and peakRssi -1e308 are rejected events, with their index', async () => {
      const now = new Date().toISOString();
      const response = await call('POST', '/api/readers/stream/', {
        auth: false,
        headers: { authorization: 'Device demo-hh-mad-01' },
        payload: [
          {
            timestamp: now,
            eventType: 'tagInventory',
            tagInventoryEvent: { epcHex: '30395DFA8318D84000000A01', peakRssiCdbm: 1e308 },
          },
          {
            timestamp: now,
            eventType: 'tagInventory',
            tagInventoryEvent: { epcHex: '30395DFA8318D84000000A02', antennaPort: 1_000_000 },
          },
          { timestamp: now, data: { idHex: '30395DFA8318D84000000A03', peakRssi: -1e308 } },
          { timestamp: '+275760-09-13T00:00:00Z', data: { idHex: '30395DFA8318D84000000A04' } },
          { timestamp: now, data: { idHex: '30395DFA8318D84000000A05', peakRssi: -54, antenna: 2 } },
        ],
      });
      expect(response.statusCode, response.body).toBe(202);
      const body = response.json() as { accepted: number; rejected: { index: number; reason: string }[] };
      expect(body.rejected.map((r) => r.index)).toEqual([0, 1, 2, 3]);
      expect(body.accepted).toBe(1);
    });
  });
});
