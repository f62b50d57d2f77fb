import { createHash, randomUUID } from 'node:crypto';
import { encodeSgtin96 } from '@rfid/epc';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { devices, itemTypes } from '../../db/schema/index.js';
import { addReceptionWithBoxes, type BoxSpec, type InboundIds } from '../orders/inbound-fixtures.js';

/** Test fixtures for the outbound modules: orders created through the API, extra readers, reading sets posted by readers. */

/**
 * 41 boxes `<code>-00` … `<code>-40` (one more than a page of 40), each with 3 GTINs no other box has (`gtinOf(4 + i)`,
 * `gtinOf(45 + i)`, `gtinOf(86 + i)`): 123 content rows (more than a page of 100).
 */
export const fortyOneBoxes = (code: string, gtinOf: (i: number) => string): BoxSpec[] =>
  Array.from({ length: 41 }, (_, i) => ({
    codebar: `${code}-${String(i).padStart(2, '0')}`,
    contents: [0, 41, 82].map((k) => ({ gtin: gtinOf(4 + i + k), quantity: 1 })),
  }));

/** Creates a movement or online order, its reception and its boxes through the API. */
export const createOutboundOrder = async (
  t: { app: FastifyInstance },
  auth: string,
  spec:
    | { kind: 'movement'; origin: number; destination: number; code: string; boxes: BoxSpec[]; estimatedExit?: string }
    | { kind: 'online'; origin: number; code: string; boxes: BoxSpec[]; estimatedExit?: string },
) => {
  const order = await t.app.inject({
    method: 'POST',
    url: spec.kind === 'movement' ? '/api/morders/' : '/api/orders/',
    headers: { authorization: auth },
    payload:
      spec.kind === 'movement'
        ? {
            order_code: spec.code,
            origin_id: spec.origin,
            destination_id: spec.destination,
            origin_status: 0,
            estimated_arrival_date: '2026-01-10 10:00:00',
            estimated_exit_date: spec.estimatedExit,
          }
        : { order_code: spec.code, origin_id: spec.origin, origin_status: 0, estimated_exit_date: spec.estimatedExit },
  });
  if (order.statusCode !== 201) throw new Error(`order: ${order.body}`);
  const orderId = order.json().id as number;
  const { boxIds } = await addReceptionWithBoxes(t, auth, orderId, spec.code, spec.boxes);
  return { orderId, boxIds };
};

/** Adds a reader with a known device key (the seed has no mode 5 or 6 reader). */
export const addReader = async (
  db: Db,
  r: { companyId: number; serialNumber: string; mac: string; locationId: number; areaId: number; workingMode: number },
): Promise<string> => {
  const key = `test-${r.serialNumber.toLowerCase()}`;
  const existing = await db.select({ id: devices.id }).from(devices).where(eq(devices.serialNumber, r.serialNumber));
  if (!existing.length) {
    await db.insert(devices).values({
      companyId: r.companyId,
      locationId: r.locationId,
      areaId: r.areaId,
      serialNumber: r.serialNumber,
      macAddress: r.mac,
      workingMode: r.workingMode,
      deviceKeyHash: createHash('sha256').update(key).digest('hex'),
    });
  }
  return key;
};

/** A reader added (addReader) at a demo location and its first area: its serial number is its device name. */
export const addReaderAt = async (
  db: Db,
  ids: InboundIds,
  r: { serialNumber: string; mac: string; location: string; workingMode: number },
): Promise<{ device: string; key: string }> => ({
  device: r.serialNumber,
  key: await addReader(db, {
    companyId: ids.companyId,
    serialNumber: r.serialNumber,
    mac: r.mac,
    locationId: ids.locations[r.location] as number,
    areaId: ids.areaOf[r.location] as number,
    workingMode: r.workingMode,
  }),
});

/** The first `limit` item types of the demo, by GTIN. */
export const itemTypesByGtin = (db: Db, limit: number) =>
  db.select({ id: itemTypes.id, gtin: itemTypes.gtin }).from(itemTypes).orderBy(asc(itemTypes.gtin)).limit(limit);

let serial = 50_000;
/** `n` fresh SGTIN-96 EPCs of a GTIN. */
export const newEpcs = (gtin: string, n: number): string[] =>
  Array.from({ length: n }, () => {
    serial += 1;
    return encodeSgtin96({ gtin, serial: String(serial), companyPrefixLength: 7 });
  });

/** POSTs a reading set to /api/readingsets/ as a reader. */
export const postSet = (
  t: { app: FastifyInstance },
  {
    device,
    key,
    codebar,
    epcs,
    at = '2026-04-01T10:00:05Z',
  }: { device: string; key: string; codebar?: string; epcs: string[]; at?: string },
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/readingsets/',
    payload: {
      id: randomUUID(),
      device,
      start_time: new Date(new Date(at).getTime() - 5000).toISOString(),
      end_time: at,
      ...(codebar ? { codebar } : {}),
      epcs,
    },
    headers: { authorization: `Device ${key}` },
  });
