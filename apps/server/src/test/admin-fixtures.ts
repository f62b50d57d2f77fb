import { createHash } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { DEFAULT_TIME_ZONE } from '@rfid/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Db } from '../db/client.js';
import { areas, brands, companies, devices, locations, printers, users } from '../db/schema/index.js';
import { areaIdOf } from '../db/seed/demo-lookups.js';
import { buildTestApp, type HttpMethod, type TestApp } from './helpers.js';

export type ForeignCompany = {
  companyId: number;
  brandId: number;
  locationId: number;
  areaId: number;
  deviceId: number;
  printerId: number;
  userId: number;
  email: string;
};

/** A second company with one of everything, to check that its rows are never reachable. */
export const addForeignCompany = async (db: Db): Promise<ForeignCompany> => {
  const [company] = await db.insert(companies).values({ name: 'Otra Moda S.A.' }).returning();
  const companyId = company?.id as number;
  const [brand] = await db.insert(brands).values({ companyId, description: 'Otra marca' }).returning();
  const [location] = await db
    .insert(locations)
    .values({
      companyId,
      brandId: brand?.id,
      kind: 'center',
      description: 'Centro ajeno',
      code: 'X-CD-1',
      timeZone: company?.timeZone ?? DEFAULT_TIME_ZONE,
    })
    .returning();
  const locationId = location?.id as number;
  const [area] = await db.insert(areas).values({ locationId, description: 'Zona ajena' }).returning();
  const areaId = area?.id as number;
  const [device] = await db
    .insert(devices)
    .values({
      companyId,
      locationId,
      areaId,
      serialNumber: 'X-READER-1',
      macAddress: 'AA:00:00:00:00:01',
      deviceKeyHash: createHash('sha256').update('foreign-key').digest('hex'),
    })
    .returning();
  const [printer] = await db
    .insert(printers)
    .values({
      companyId,
      locationId,
      areaId,
      description: 'Impresora ajena',
      mac: 'AA:00:00:00:00:02',
      ipAddress: '10.9.9.9',
      port: 9100,
    })
    .returning();
  const email = 'foreign@other.local';
  const [user] = await db
    .insert(users)
    .values({ companyId, email, firstName: 'Otro', lastName: 'Usuario', role: 5, passwordHash: await hash('demo1234') })
    .returning();
  return {
    companyId,
    brandId: brand?.id as number,
    locationId,
    areaId,
    deviceId: device?.id as number,
    printerId: printer?.id as number,
    userId: user?.id as number,
    email,
  };
};

/** The id of a demo location by its code. */
export const locationIdByCode = async (db: Db, code: string): Promise<number> => {
  const [row] = await db.select({ id: locations.id }).from(locations).where(eq(locations.code, code)).limit(1);
  if (!row) throw new Error(`no location ${code}`);
  return row.id;
};

/** The id of a demo location's area by its description. */
export const areaIdByDescription = async (db: Db, locationId: number, description: string): Promise<number> => {
  const id = await areaIdOf(db, locationId, description);
  if (id === undefined) throw new Error(`no area ${description} in location ${locationId}`);
  return id;
};

/** A request as a demo user (`who`: an e-mail; signed in with the demo password). */
export type CallAs = (method: HttpMethod, url: string, who: string, payload?: unknown) => Promise<LightMyRequestResponse>;

/** An admin API test's start: the app on the demo data, a foreign company (addForeignCompany) and a caller as any user. */
export const openAdminTest = async () => {
  const t = await buildTestApp();
  const foreign = await addForeignCompany(t.database.db);
  const call: CallAs = async (method, url, who, payload) => t.call(method, url, await t.login(who), payload);
  return { t, foreign, call };
};

/** The id of a location's first area, as the demo administrator reads it. */
export const firstAreaId = async (
  call: (method: 'GET', url: string, who: string) => Promise<LightMyRequestResponse>,
  locationId: number,
): Promise<number> => (await call('GET', `/api/locations/${locationId}/areas/`, 'admin@demo.local')).json().results[0].id;

/** One row of a refusal table: the status expected (403 a refused role, 404 a foreign location or company) and the request. */
export type Refusal = [status: 403 | 404, method: HttpMethod, url: string, who: string, payload?: unknown];

/** Makes each request of the table, in order, and expects its status. */
export const expectRefusals = async (call: CallAs, refusals: Refusal[]): Promise<void> => {
  for (const [status, method, url, who, payload] of refusals) {
    expect((await call(method, url, who, payload)).statusCode, `${method} ${url} as ${who}`).toBe(status);
  }
};

/** Expects a 400 answer with exactly these field errors. */
export const expectFieldErrors = async (
  response: Promise<LightMyRequestResponse>,
  errors: Record<string, unknown>,
): Promise<void> => {
  const r = await response;
  expect(r.statusCode).toBe(400);
  expect(r.json().errors).toEqual(errors);
};

/**
 * A company-scoped API test's world: the test app, the sign-ins of the demo admin, the demo viewer (T-MAD-01 only) and
 * the user of another company (`foreign`, of `other`).
 */
export type ViewersWorld = { t: TestApp; admin: string; viewer: string; foreign: string; other: ForeignCompany };

/**
 * A company-scoped API test file's world: before its tests, the test app, the demo admin's and viewer's sign-ins and
 * another company whose user signs in (with `foreignRole`, when given); after them, the app closed.
 */
export const appWithViewers = ({ foreignRole }: { foreignRole?: number } = {}): ViewersWorld => {
  // Filled by the beforeAll below, before any test of the file reads it.
  const world = {} as ViewersWorld;
  beforeAll(async () => {
    const t = await buildTestApp();
    const admin = await t.login('admin@demo.local');
    const viewer = await t.login('viewer@demo.local');
    const other = await addForeignCompany(t.database.db);
    if (foreignRole !== undefined) await t.database.db.update(users).set({ role: foreignRole }).where(eq(users.id, other.userId));
    Object.assign(world, { t, admin, viewer, other, foreign: await t.login(other.email) });
  }, 240_000);
  afterAll(async () => world.t?.close());
  return world;
};
