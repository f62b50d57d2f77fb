import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { encodeSgtin96 } from '@rfid/epc';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { areas, devices, items, itemTypes, locations, providers } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { createEngine, type Engine } from '../engine/engine.js';
import { readingSetPipeline } from '../engine/pipeline.js';
import { createIngestRepository, type IngestDevice } from '../ingest/ingest.repository.js';
import { ingestSet } from '../ingest/ingest.service.js';

/** Test fixtures for inbound: demo ids, orders created through the API, and reading sets stored by ingestion (the engine's real path). */
export type InboundIds = {
  companyId: number;
  locations: Record<string, number>;
  areaOf: Record<string, number>;
  providerId: number;
  gtins: { id: number; gtin: string }[];
  tunnelId: number;
};

export const loadInboundIds = async (db: Db): Promise<InboundIds> => {
  const locs = await db.select({ id: locations.id, code: locations.code, companyId: locations.companyId }).from(locations);
  const locationsByCode = Object.fromEntries(locs.map((l) => [l.code, l.id]));
  const areaOf: Record<string, number> = {};
  for (const l of locs) {
    const [area] = await db
      .select({ id: areas.id })
      .from(areas)
      .where(eq(areas.locationId, l.id))
      .orderBy(asc(areas.id))
      .limit(1);
    if (area) areaOf[l.code] = area.id;
  }
  const [provider] = await db.select({ id: providers.id }).from(providers).orderBy(asc(providers.id)).limit(1);
  const gtins = await db
    .select({ id: itemTypes.id, gtin: itemTypes.gtin })
    .from(itemTypes)
    .orderBy(asc(itemTypes.gtin))
    .limit(10);
  const companyId = locs[0]?.companyId ?? 1;
  const cdMad = locationsByCode['CD-MAD'] as number;
  let [tunnel] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.locationId, cdMad), eq(devices.workingMode, 0)))
    .limit(1);
  if (!tunnel) {
    [tunnel] = await db
      .insert(devices)
      .values({
        companyId,
        locationId: cdMad,
        areaId: areaOf['CD-MAD'] as number,
        serialNumber: 'TEST-TUN-01',
        macAddress: '02:00:00:00:00:01',
        workingMode: 0,
        deviceKeyHash: 'x',
      })
      .returning({ id: devices.id });
  }
  return { companyId, locations: locationsByCode, areaOf, providerId: provider?.id ?? 0, gtins, tunnelId: tunnel?.id ?? 0 };
};

/** The five demo users (roles 1 to 5), by the first word of their e-mail. */
export const DEMO_USERS = ['admin', 'brand', 'editor', 'printer', 'viewer'] as const;
export type DemoUser = (typeof DEMO_USERS)[number];

/** The demo users' e-mails, their sign-in names. */
export const DEMO_EMAIL = {
  admin: 'admin@demo.local', // role 1
  brand: 'brand@demo.local', // role 2
  editor: 'editor@demo.local', // role 3: CD-MAD, T-MAD-01, T-BCN-01
  printer: 'printer@demo.local', // role 4: CD-MAD, CD-BCN
  viewer: 'viewer@demo.local', // role 5: T-MAD-01
} satisfies Record<DemoUser, string>;

/**
 * A test app on the demo data (buildTestApp), its ids (loadInboundIds) and the `Authorization`
 * values of the demo users: admin (role 1), brand (2), editor (3: CD-MAD, T-MAD-01, T-BCN-01),
 * printer (4: CD-MAD, CD-BCN) and viewer (5: T-MAD-01). `build`: buildTestApp's options.
 */
export const openDemoApp = async (
  build?: Parameters<typeof buildTestApp>[0],
): Promise<{ t: TestApp; ids: InboundIds } & Record<DemoUser, string>> => {
  const t = await buildTestApp(build);
  const ids = await loadInboundIds(t.database.db);
  const tokens = await Promise.all(DEMO_USERS.map((u) => t.login(DEMO_EMAIL[u])));
  const users = Object.fromEntries(DEMO_USERS.map((u, i) => [u, tokens[i] as string])) as Record<DemoUser, string>; // one entry per DEMO_USERS name
  return { t, ids, ...users };
};

/** The demo app, its inbound ids and a token of each demo user, as `openDemoApp` answers them. */
export type DemoApp = Awaited<ReturnType<typeof openDemoApp>>;

/** The ids of demo locations by code, in the order asked. */
export const locationIdsOf = <C extends string[]>(ids: InboundIds, ...codes: C) =>
  codes.map((c) => ids.locations[c] as number) as { [K in keyof C]: number }; // one id per code, as map keeps the length

export type BoxSpec = { codebar: string; contents: { gtin: string; quantity: number }[] };

/** An item line of a report page as the tests read it: GTIN, expected and read quantities, and each side's reads. */
type ReportLine = {
  gtin: string;
  theorical_quantity: number;
  real_quantity: number;
  origin_real_quantity?: number;
  destination_real_quantity?: number;
};

/**
 * A report line's quantities as a row to compare: `[gtin, theorical, real]`, then the reads of `side` when one is named
 * (`origin_real_quantity` or `destination_real_quantity`).
 */
export const lineQuantities =
  (side?: 'origin_real_quantity' | 'destination_real_quantity') =>
  (l: ReportLine): (string | number | undefined)[] =>
    side ? [l.gtin, l.theorical_quantity, l.real_quantity, l[side]] : [l.gtin, l.theorical_quantity, l.real_quantity];

/** Creates a purchase order, its reception and its boxes through the API; returns the ids. */
export const createPurchaseOrder = async (
  t: { app: FastifyInstance },
  auth: string,
  {
    locationId,
    providerId,
    code,
    boxes,
    estimated,
  }: { locationId: number; providerId: number; code: string; boxes: BoxSpec[]; estimated?: string },
) => {
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/porders/',
    headers: { authorization: auth },
    payload: {
      order_code: code,
      destination_id: locationId,
      origin_id: providerId,
      destination_status: 0,
      estimated_arrival_date: estimated ?? '2026-01-10 10:00:00',
    },
  });
  if (order.statusCode !== 201) throw new Error(`order: ${order.body}`);
  const orderId = order.json().id as number;
  return { orderId, ...(await addReceptionWithBoxes(t, auth, orderId, code, boxes)) };
};

/** Creates the reception `R-<code>` of an order and its boxes through the API; returns the ids. */
export const addReceptionWithBoxes = async (
  t: { app: FastifyInstance },
  auth: string,
  orderId: number,
  code: string,
  boxes: BoxSpec[],
) => {
  const reception = await t.app.inject({
    method: 'POST',
    url: '/api/receptions/',
    headers: { authorization: auth },
    payload: { reception_code: `R-${code}`, order_id: orderId },
  });
  if (reception.statusCode !== 201) throw new Error(`reception: ${reception.body}`);
  const receptionId = reception.json().id as number;
  const boxIds: number[] = [];
  for (const box of boxes) {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/boxes/',
      headers: { authorization: auth },
      payload: { codebar: box.codebar, reception_id: receptionId, contents: box.contents },
    });
    if (r.statusCode !== 201) throw new Error(`box: ${r.body}`);
    boxIds.push(r.json().id);
  }
  return { receptionId, boxIds };
};

/** createPurchaseOrder from the demo provider to a demo location, by its code. */
export const createDemoPurchaseOrder = (
  t: { app: FastifyInstance },
  auth: string,
  ids: InboundIds,
  { location, ...order }: { location: string; code: string; boxes: BoxSpec[]; estimated?: string },
) => createPurchaseOrder(t, auth, { locationId: ids.locations[location] as number, providerId: ids.providerId, ...order });

/** A fresh EPC: an SGTIN-96 of the GTIN (serials random, never repeated in practice), or a non-GS1 tag for null. */
const freshEpc = (gtin: string | null): string =>
  gtin
    ? encodeSgtin96({ gtin, serial: randomInt(1, 2 ** 38 - 1), companyPrefixLength: 7 })
    : `E2${randomBytes(11).toString('hex').toUpperCase()}`;

/**
 * A reading set read by `deviceId` as a reader of `locationId`, `areaId` and `workingMode` (the
 * tunnel of CD-MAD, mode 0 Entry, by default): one new tag per entry of `gtins` (an SGTIN-96 of the GTIN; null = a non-GS1 tag) and the
 * tags of `existingItemIds`, all read at `at`. Stored through ingestion's own `ingestSet`, the path
 * of POST /api/readingsets/, so the engine's handlers, the ledger and the traces run as for a reader.
 */
export const readSet = async (
  db: Db,
  ids: InboundIds,
  {
    codebar,
    gtins,
    deviceId = ids.tunnelId,
    locationId = ids.locations['CD-MAD'] as number,
    areaId = ids.areaOf['CD-MAD'] as number,
    workingMode = 0,
    at = new Date(),
    existingItemIds = [],
    engine = createEngine({ db, pipeline: readingSetPipeline({ isHandlersOnly: true }) }),
  }: {
    codebar: string | null;
    gtins: (string | null)[];
    deviceId?: number;
    locationId?: number;
    areaId?: number;
    workingMode?: number;
    at?: Date;
    existingItemIds?: number[];
    /** The engine to run the set through (the app's handlers, without the commit hooks, by default). */
    engine?: Engine;
  },
): Promise<{ claim: string | null; setId: string; itemIds: number[] }> => {
  const reader = await createIngestRepository(db).deviceById(deviceId);
  if (!reader) throw new Error(`reader ${deviceId}`);
  const device: IngestDevice = { ...reader, locationId, areaId, workingMode };
  const existing = existingItemIds.length
    ? await db.select({ id: items.id, epc: items.epc }).from(items).where(inArray(items.id, existingItemIds))
    : [];
  const epcOfId = new Map(existing.map((i) => [i.id, i.epc]));
  const epcs = [...gtins.map(freshEpc), ...existingItemIds.flatMap((id) => epcOfId.get(id) ?? [])];
  const { set } = await ingestSet(engine, device, {
    id: randomUUID(),
    startTime: new Date(at.getTime() - 2000),
    endTime: at,
    codebar,
    reads: epcs.map((epc) => ({ epc, time: at, antenna: null, rssi: null })),
  });
  const stored = epcs.length
    ? await db
        .select({ id: items.id, epc: items.epc })
        .from(items)
        .where(and(eq(items.companyId, ids.companyId), inArray(items.epc, epcs)))
    : [];
  const idOfEpc = new Map(stored.map((i) => [i.epc, i.id]));
  return { claim: set.claimedBy, setId: set.id, itemIds: epcs.flatMap((epc) => idOfEpc.get(epc) ?? []) };
};
