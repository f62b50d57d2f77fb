import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { areas, devices, items, itemTypes, locations, providers, readingSets, traces } from '../../db/schema/index.js';
import { dispatchReadingSet, type IngestedSet } from '../ingest/dispatch.js';

/** Test fixtures for inbound: demo ids, orders created through the API, and reading sets dispatched to the engine. */
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

export type BoxSpec = { codebar: string; contents: { gtin: string; quantity: number }[] };

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
  return { orderId, receptionId, boxIds };
};

const randomEpc = (): string => randomBytes(12).toString('hex').toUpperCase();

/**
 * Stores a reading set of the given GTINs (one new item per entry; null = a non-GS1 tag) read by
 * `deviceId` and offers it to the engine in one transaction, as ingestion does. Traces are
 * written after the handlers (item state and area after).
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
  }: {
    codebar: string | null;
    gtins: (string | null)[];
    deviceId?: number;
    locationId?: number;
    areaId?: number;
    workingMode?: number;
    at?: Date;
    existingItemIds?: number[];
  },
) =>
  db.transaction(async (tx) => {
    const setId = randomUUID();
    await tx.insert(readingSets).values({
      id: setId,
      companyId: ids.companyId,
      deviceId,
      locationId,
      areaId,
      workingMode,
      codebar,
      startTime: new Date(at.getTime() - 2000),
      endTime: at,
      readCount: gtins.length,
      epcCount: gtins.length,
    });
    const typeIds = new Map(ids.gtins.map((g) => [g.gtin, g.id]));
    const created = gtins.length
      ? await tx
          .insert(items)
          .values(
            gtins.map((gtin) => ({
              companyId: ids.companyId,
              epc: randomEpc(),
              scheme: gtin ? 'sgtin-96' : 'unknown',
              gtin,
              serial: gtin ? String(Math.floor(Math.random() * 1e9)) : null,
              itemTypeId: gtin ? (typeIds.get(gtin) ?? null) : null,
              state: 1,
            })),
          )
          .returning()
      : [];
    // One query, not one per id at once: a transaction's single connection takes one query at a time.
    const reusedById = new Map(
      existingItemIds.length
        ? (await tx.select().from(items).where(inArray(items.id, existingItemIds))).map((item) => [item.id, item])
        : [],
    );
    const reused = existingItemIds.map((id) => reusedById.get(id));
    const all = [...created, ...reused].filter((i) => i !== undefined);
    const set: IngestedSet = {
      id: setId,
      companyId: ids.companyId,
      deviceId,
      locationId,
      areaId,
      workingMode,
      codebar,
      startTime: new Date(at.getTime() - 2000),
      endTime: at,
      epcs: all.map((i) => ({
        epc: i.epc,
        itemId: i.id,
        itemTypeId: i.itemTypeId,
        gtin: i.gtin,
        stateBefore: i.state,
        areaIdBefore: i.areaId,
        locationIdBefore: i.locationId,
      })),
    };
    const claim = await dispatchReadingSet(tx, set);
    if (claim) await tx.update(readingSets).set({ claimedBy: claim }).where(eq(readingSets.id, setId));
    for (const i of all) {
      const [after] = await tx.select().from(items).where(eq(items.id, i.id));
      await tx.insert(traces).values({
        companyId: ids.companyId,
        itemId: i.id,
        epc: i.epc,
        readingSetId: setId,
        readAt: at,
        state: after?.state ?? i.state,
        area1Id: i.areaId,
        area2Id: after?.areaId ?? null,
      });
    }
    return { claim, setId, itemIds: all.map((i) => i.id) };
  });
