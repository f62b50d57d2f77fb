import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { areas, devices, itemTypes, locations, users } from '../schema/index.js';

/** Lookups of the demo rows (demo-data.ts) the later demo seeds build on: by code, description, serial or e-mail. */

/** The demo's distribution center CD-MAD and store T-MAD-01 (none when the demo data is not there). */
export const demoSites = async (db: Db) => {
  const [mad] = await db.select().from(locations).where(eq(locations.code, 'CD-MAD'));
  const [store] = await db.select().from(locations).where(eq(locations.code, 'T-MAD-01'));
  return mad && store ? { mad, store } : undefined;
};

/** The id of the location's area of that description. */
export const areaIdOf = async (db: Db, locationId: number, description: string): Promise<number | undefined> =>
  (
    await db
      .select({ id: areas.id })
      .from(areas)
      .where(and(eq(areas.locationId, locationId), eq(areas.description, description)))
  )[0]?.id;

/** The id of the device (reader) of that serial number. */
export const deviceIdOf = async (db: Db, serial: string): Promise<number | undefined> =>
  (await db.select({ id: devices.id }).from(devices).where(eq(devices.serialNumber, serial)))[0]?.id;

/** The id of the user of that e-mail. */
export const userIdOf = async (db: Db, email: string): Promise<number | undefined> =>
  (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;

/** `limit` item types of the company's catalog from `offset` on, by GTIN (each demo takes its own stretch of it). */
export const catalogStretch = (db: Db, companyId: number, offset: number, limit: number) =>
  db
    .select({ id: itemTypes.id, gtin: itemTypes.gtin })
    .from(itemTypes)
    .where(eq(itemTypes.companyId, companyId))
    .orderBy(asc(itemTypes.gtin))
    .offset(offset)
    .limit(limit);

/**
 * A new demo tag of an item type as an `items` row's identity (company, EPC, scheme, GTIN, serial, type): the demo
 * seeds add where it is and when it was seen. `nextTag` is the seed's `createSerialTags` (@rfid/epc).
 */
export const demoItemIdentity = (
  nextTag: (gtin: string) => { epc: string; serial: string },
  companyId: number,
  type: { id: number; gtin: string },
) => {
  const { epc, serial } = nextTag(type.gtin);
  return { companyId, epc, scheme: 'sgtin-96', gtin: type.gtin, serial, itemTypeId: type.id };
};
