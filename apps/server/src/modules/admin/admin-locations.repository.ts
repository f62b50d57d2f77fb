import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companyRowById } from '../../db/company-rows.js';
import { brands, companies, locationLogos, locations } from '../../db/schema/index.js';
import { type VersionedWrite, versionedUpdate } from '../../db/versions.js';
import type { AuthUser } from '../../plugins/auth.js';
import { visibleLocations } from '../locations/location-scope.js';

export type LocationValues = {
  description: string;
  code: string;
  kind: 'center' | 'store';
  brandId: number;
  phone: string;
  email: string;
  observations: string;
  floor: string;
  active?: boolean;
  streetName: string;
  streetNum: number;
  city: string;
  postalCode: number;
  country: string;
  /** Left out: the company's zone on insert, unchanged on update. */
  timeZone?: string;
  /** Left out: none on insert, unchanged on update; null clears it. */
  gln?: string | null;
};

/** Whether a location of the company other than `exceptId` has `value` in `column` (a code or a GLN). */
const takenInCompany = async (
  db: Db,
  column: typeof locations.code | typeof locations.gln,
  { companyId, value, exceptId }: { companyId: number; value: string; exceptId?: number | undefined },
): Promise<boolean> => {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), eq(column, value), exceptId ? ne(locations.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
};

export const createAdminLocationsRepository = (db: Db) => ({
  async findBrand(companyId: number, brandId: number) {
    return companyRowById(db.select({ id: brands.id }).from(brands).$dynamic(), brands, { companyId, id: brandId });
  },

  /** Another location of the company has this code. */
  codeTaken: (companyId: number, code: string, exceptId?: number): Promise<boolean> =>
    takenInCompany(db, locations.code, { companyId, value: code, exceptId }),

  /** Another location of the company has this GLN. */
  glnTaken: (companyId: number, gln: string, exceptId?: number): Promise<boolean> =>
    takenInCompany(db, locations.gln, { companyId, value: gln, exceptId }),

  async insert(companyId: number, values: LocationValues): Promise<number> {
    const [row] = await db
      .insert(locations)
      .values({
        ...values,
        companyId,
        timeZone: values.timeZone ?? sql`(select ${companies.timeZone} from ${companies} where ${companies.id} = ${companyId})`,
      })
      .returning({ id: locations.id });
    return row?.id as number;
  },

  /** The edit in one statement, bumping the version; only from `expected` when given (docs/concurrency.md). */
  update: (id: number, values: LocationValues, expected: number | undefined): Promise<VersionedWrite> =>
    versionedUpdate(db, locations, { id, expected, values }),

  /** Stores the logo and flags the location (a new version: its answer changes), in one transaction. */
  async saveLogo(locationId: number, mime: string, bytes: Buffer): Promise<void> {
    await db.transaction(async (tx) => {
      const value = { mime, bytes: bytes.toString('base64'), size: bytes.length };
      await tx
        .insert(locationLogos)
        .values({ locationId, ...value })
        .onConflictDoUpdate({ target: locationLogos.locationId, set: value });
      await versionedUpdate(tx, locations, { id: locationId, expected: undefined, values: { logoMime: mime } });
    });
  },

  async getLogo(user: AuthUser, locationId: number) {
    const [row] = await db
      .select({ mime: locationLogos.mime, bytes: locationLogos.bytes })
      .from(locationLogos)
      .innerJoin(locations, eq(locations.id, locationLogos.locationId))
      .where(and(eq(locationLogos.locationId, locationId), visibleLocations(user)))
      .limit(1);
    return row;
  },

  /** Active locations of the company, for the billing file. */
  async activeLocations(companyId: number) {
    return db
      .select({
        id: locations.id,
        code: locations.code,
        description: locations.description,
        kind: locations.kind,
        brand: brands.description,
        streetName: locations.streetName,
        streetNum: locations.streetNum,
        city: locations.city,
        postalCode: locations.postalCode,
        country: locations.country,
        email: locations.email,
        phone: locations.phone,
        createdAt: locations.createdAt,
      })
      .from(locations)
      .leftJoin(brands, eq(brands.id, locations.brandId))
      .where(and(eq(locations.companyId, companyId), eq(locations.active, true)))
      .orderBy(asc(locations.code));
  },
});
export type AdminLocationsRepository = ReturnType<typeof createAdminLocationsRepository>;
