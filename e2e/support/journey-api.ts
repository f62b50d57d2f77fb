import { expect } from 'vitest';
import { baseUrl, type Place } from './browser';

/**
 * What the journeys share besides the browser: calls to the API as a demo user, the demo catalog,
 * orders with their boxes created as the creation wizards send them, SGTIN-96 EPCs written out
 * independently of the code under test, a longer poll and the layout checks. Not a test file itself.
 * Readers and reading sets are in readers.ts.
 */

/** SGTIN-96 of a GTIN-14 with a 7-digit company prefix (partition 5), written out here so the test does not trust the code under test. */
export const sgtin96 = (gtin14: string, serial: number): string => {
  const companyPrefix = BigInt(gtin14.slice(1, 8));
  const itemReference = BigInt(`${gtin14[0]}${gtin14.slice(8, 13)}`);
  let value = 0x30n; // header SGTIN-96
  value = (value << 3n) | 1n; // filter 1: point-of-sale item
  value = (value << 3n) | 5n; // partition 5: 24-bit company prefix, 20-bit item reference
  value = (value << 24n) | companyPrefix;
  value = (value << 20n) | itemReference;
  value = (value << 38n) | BigInt(serial);
  return value.toString(16).toUpperCase().padStart(24, '0');
};

/** A GTIN-14 from its first 13 digits and the GS1 check digit. */
export const withCheckDigit = (digits: string): string => {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return `${digits}${(10 - (sum % 10)) % 10}`;
};

const HOUR = 3_600_000;
/** The time `hours` ago (negative: ahead). */
export const hoursAgo = (hours: number): Date => new Date(Date.now() - hours * HOUR);

export type Answer<T> = { status: number; json: T };

/** A signed-in API client of a demo user (token from POST /authtoken/). */
export const apiAs = async (email: string, password = 'demo1234') => {
  const call = async <T = Record<string, unknown>>(
    method: string,
    url: string,
    body?: unknown,
    authorization?: string,
  ): Promise<Answer<T>> => {
    const send = () =>
      fetch(`${baseUrl()}/api${url}`, {
        method,
        headers: {
          Accept: 'application/json',
          // The journeys' API checks read the server's English messages (the pages send the UI's language).
          'Accept-Language': 'en',
          ...(authorization ? { Authorization: authorization } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    // A 503 with Retry-After is the server's load shedding (the embedded database serves a few requests at once): the
    // request was refused before anything was done, and a client asks again after the time it names, as this one does
    // (CI, 2026-12-01: the brand journey read a refused statistics call as the statistics).
    let response = await send();
    for (let attempt = 1; response.status === 503 && response.headers.has('retry-after') && attempt < 10; attempt++) {
      await response.body?.cancel();
      const seconds = Math.min(5, Math.max(0.2, Number(response.headers.get('retry-after')) || 1));
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      response = await send();
    }
    const text = await response.text();
    return { status: response.status, json: (text ? JSON.parse(text) : {}) as T };
  };
  const login = await call<{ token: string }>('POST', '/authtoken/', { username: email, password });
  expect(login.status).toBe(200);
  return <T = Record<string, unknown>>(method: string, url: string, body?: unknown) =>
    call<T>(method, url, body, `Token ${login.json.token}`);
};
export type Api = Awaited<ReturnType<typeof apiAs>>;

/** A location by its code, among those the user sees. */
export const findLocation = async (api: Api, code: string): Promise<Place> => {
  const answer = await api<{ results: Array<{ id: number; code: string; description: string }> }>(
    'GET',
    `/locations/?limit=100&code__icontains=${encodeURIComponent(code)}`,
  );
  const row = answer.json.results.find((location) => location.code === code);
  if (!row) throw new Error(`location ${code} not found`);
  return { id: row.id, description: row.description };
};

/** The first provider and `count` demo GTINs (prefix 843 7012, so the EPCs above decode to them). */
export const demoCatalog = async (api: Api, count: number) => {
  const providers = await api<{ results: Array<{ id: number; name: string }> }>('GET', '/providers/?limit=1');
  const types = await api<{ results: Array<{ gtin: string }> }>('GET', `/types/?limit=${count}&gtin__icontains=08437012`);
  const gtins = types.json.results.map((row) => row.gtin);
  expect(gtins).toHaveLength(count);
  return { provider: providers.json.results[0] as { id: number; name: string }, gtins };
};

/**
 * Where the journeys start: the demo admin's API client, the Madrid center CD-MAD and its store
 * T-MAD-01, the first provider and `gtinCount` demo GTINs.
 */
export const demoWorld = async (gtinCount: number) => {
  const api = await apiAs('admin@demo.local');
  const [center, store, { provider, gtins }] = await Promise.all([
    findLocation(api, 'CD-MAD'),
    findLocation(api, 'T-MAD-01'),
    demoCatalog(api, gtinCount),
  ]);
  return { api, center, store, provider, gtins };
};

/** The id of the item type (catalog entry) of a GTIN. */
export const itemTypeOf = async (api: Api, gtin: string): Promise<number> => {
  const types = await api<{ results: Array<{ id: number; gtin: string }> }>('GET', `/types/?limit=10&gtin__icontains=${gtin}`);
  const id = types.json.results.find((row) => row.gtin === gtin)?.id ?? 0;
  expect(id).toBeGreaterThan(0);
  return id;
};

/** A box as the creation wizards send it: its barcode and the units it expects per GTIN. */
export type BoxPlan = { codebar: string; contents: Array<{ gtin: string; quantity: number }> };
/** A box plan from its barcode and its [GTIN, units] pairs. */
export const boxPlan = (codebar: string, ...contents: [gtin: string, quantity: number][]): BoxPlan => ({
  codebar,
  contents: contents.map(([gtin, quantity]) => ({ gtin, quantity })),
});

/** The order's reception and its boxes with their contents (POST /receptions/, POST /boxes/); no boxes, no reception. */
const createBoxes = async (api: Api, orderId: number, code: string, boxes: BoxPlan[]): Promise<number[]> => {
  if (boxes.length === 0) return [];
  const reception = await api<{ id: number }>('POST', '/receptions/', { reception_code: code, order_id: orderId });
  expect(reception.status).toBe(201);
  const ids: number[] = [];
  for (const box of boxes) {
    const created = await api<{ id: number }>('POST', '/boxes/', { ...box, reception_id: reception.json.id });
    expect(created.status).toBe(201);
    ids.push(created.json.id);
  }
  return ids;
};

export type CreatedOrder = { orderId: number; boxIds: number[] };

/** An order `code` (POST `path` with its `order_code` and `body`) and then its reception and boxes, named after the code. */
const createOrder = async (
  api: Api,
  path: string,
  code: string,
  boxes: BoxPlan[],
  body: Record<string, unknown>,
): Promise<CreatedOrder> => {
  const order = await api<{ id: number }>('POST', path, { order_code: code, ...body });
  expect(order.status).toBe(201);
  return { orderId: order.json.id, boxIds: await createBoxes(api, order.json.id, code, boxes) };
};

/** A purchase order from a provider to `destinationId` (POST /porders/), arriving tomorrow, with its boxes. */
export const createPurchaseOrder = async (
  api: Api,
  { code, destinationId, providerId, boxes }: { code: string; destinationId: number; providerId: number; boxes: BoxPlan[] },
): Promise<CreatedOrder> => {
  return createOrder(api, '/porders/', code, boxes, {
    destination_id: destinationId,
    origin_id: providerId,
    destination_status: 0,
    estimated_arrival_date: hoursAgo(-24).toISOString(),
  });
};

/**
 * A movement from `originId` to `destinationId` (POST /morders/) with its boxes: created three
 * hours ago and due to leave half an hour later (late by now), to arrive tomorrow, unless told.
 */
export const createMovement = async (
  api: Api,
  {
    code,
    originId,
    destinationId,
    boxes,
    createdAt = hoursAgo(3),
    estimatedExit = hoursAgo(2.5),
    estimatedArrival = hoursAgo(-24),
  }: {
    code: string;
    originId: number;
    destinationId: number;
    boxes: BoxPlan[];
    createdAt?: Date;
    estimatedExit?: Date;
    estimatedArrival?: Date;
  },
): Promise<CreatedOrder> => {
  return createOrder(api, '/morders/', code, boxes, {
    origin_id: originId,
    destination_id: destinationId,
    origin_status: 0,
    creation_date: createdAt.toISOString(),
    estimated_exit_date: estimatedExit.toISOString(),
    estimated_arrival_date: estimatedArrival.toISOString(),
  });
};

/** An online order leaving `originId` (POST /orders/) with its boxes: created three hours ago, due to leave tomorrow unless told. */
export const createOnlineOrder = async (
  api: Api,
  {
    code,
    originId,
    boxes,
    createdAt = hoursAgo(3),
    estimatedExit = hoursAgo(-24),
  }: { code: string; originId: number; boxes: BoxPlan[]; createdAt?: Date; estimatedExit?: Date },
): Promise<CreatedOrder> => {
  return createOrder(api, '/orders/', code, boxes, {
    origin_id: originId,
    origin_status: 0,
    creation_date: createdAt.toISOString(),
    estimated_exit_date: estimatedExit.toISOString(),
  });
};
