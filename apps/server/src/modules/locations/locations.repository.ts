import type { locationListQuerySchema } from '@rfid/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { brands, companies, locations } from '../../db/schema/index.js';
import { pageOf } from '../../db/sql.js';
import { buildFilters, buildOrderBy, type FilterSpec, orderColumns } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { visibleLocations, visibleRecords } from './location-scope.js';

export const brandFilters: FilterSpec = {
  description: { column: brands.description, lookups: ['exact', 'contains', 'icontains'] },
  id: { column: brands.id, lookups: ['exact'], type: 'number' },
};
/** The companies' filters; `brand_id` (the company of a brand) is read by listCompanies itself. */
export const companyFilters: FilterSpec = {
  description: { column: companies.name, lookups: ['exact', 'contains', 'icontains'] },
  name: { column: companies.name, lookups: ['exact', 'contains', 'icontains'] },
};

export const locationFilters: FilterSpec = {
  id: { column: locations.id, lookups: ['exact', 'icontains'], type: 'number' },
  description: { column: locations.description, lookups: ['exact', 'icontains', 'contains'] },
  code: { column: locations.code, lookups: ['exact', 'icontains', 'contains'] },
  brand: { column: locations.brandId, lookups: ['exact'], type: 'number' },
  brand_id: { column: locations.brandId, lookups: ['exact'], type: 'number' },
  active: { column: locations.active, lookups: ['exact'], type: 'boolean' },
};
const locationOrder = orderColumns(locationFilters, ['id', 'description', 'code']);

const locationColumns = {
  id: locations.id,
  companyId: locations.companyId,
  brandId: locations.brandId,
  brandDescription: brands.description,
  kind: locations.kind,
  description: locations.description,
  code: locations.code,
  active: locations.active,
  streetName: locations.streetName,
  streetNum: locations.streetNum,
  city: locations.city,
  postalCode: locations.postalCode,
  country: locations.country,
  phone: locations.phone,
  email: locations.email,
  observations: locations.observations,
  floor: locations.floor,
  logoMime: locations.logoMime,
  timeZone: locations.timeZone,
  gln: locations.gln,
  version: locations.version,
};
export type LocationRow = {
  id: number;
  companyId: number;
  brandId: number | null;
  brandDescription: string | null;
  kind: 'center' | 'store';
  description: string;
  code: string;
  active: boolean;
  streetName: string;
  streetNum: number | null;
  city: string;
  postalCode: number | null;
  country: string;
  phone: string;
  email: string;
  observations: string;
  floor: string;
  logoMime: string | null;
  timeZone: string;
  gln: string | null;
  /** One more on every edit (docs/concurrency.md). */
  version: number;
};

/** The locations the user sees, with their brand. */
const locationRecords = (db: Db) =>
  visibleRecords(
    db,
    () => db.select(locationColumns).from(locations).leftJoin(brands, eq(brands.id, locations.brandId)).$dynamic(),
    locations.id,
  );

export const createLocationsRepository = (db: Db) => ({
  async listLocations(
    user: AuthUser,
    query: z.output<typeof locationListQuerySchema>,
    page: PageParams,
    { kind, defaultOrder = 'description' }: { kind?: 'center' | 'store'; defaultOrder?: 'id' | 'description' },
  ): Promise<{ count: number; rows: LocationRow[] }> {
    const fallback = [asc(defaultOrder === 'id' ? locations.id : locations.description), asc(locations.id)];
    const listing = { filters: locationFilters, order: locationOrder, fallback };
    return locationRecords(db).list(user, query, page, listing, [kind ? eq(locations.kind, kind) : undefined]);
  },

  getLocation: (user: AuthUser, id: number): Promise<LocationRow | undefined> => locationRecords(db).one(user, id),

  /** The time zone of each location asked for (every location of every company when `ids` is left out). */
  async timeZones(ids?: readonly number[]): Promise<Map<number, string>> {
    if (ids?.length === 0) return new Map();
    const rows = await db
      .select({ id: locations.id, timeZone: locations.timeZone })
      .from(locations)
      .where(ids ? inArray(locations.id, [...ids]) : undefined);
    return new Map(rows.map((r) => [r.id, r.timeZone]));
  },

  /** The company's time zone, the default of its new locations. */
  async companyTimeZone(companyId: number): Promise<string | undefined> {
    const [row] = await db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId));
    return row?.timeZone;
  },

  /** Brands of the company; below role 2 only the brands of the user's own locations. */
  async listBrands(user: AuthUser, query: z.output<typeof locationListQuerySchema>, page: PageParams) {
    const spec = brandFilters;
    const ownBrands: SQL | undefined =
      user.locationIds === null
        ? undefined
        : inArray(
            brands.id,
            db
              .select({ id: sql<number>`${locations.brandId}` })
              .from(locations)
              .where(visibleLocations(user)),
          );
    const where = and(eq(brands.companyId, user.companyId), ownBrands, buildFilters(query, spec));
    const order = buildOrderBy(query.order_by, { description: brands.description, id: brands.id }, [
      asc(brands.description),
      asc(brands.id),
    ]);
    const selected = db
      .select({ id: brands.id, description: brands.description, company_id: brands.companyId })
      .from(brands)
      .where(where)
      .$dynamic();
    return pageOf(db, selected, order, page);
  },

  /** Companies: a user only ever sees its own. */
  async listCompanies(user: AuthUser, query: z.output<typeof locationListQuerySchema>, page: PageParams) {
    const spec = companyFilters;
    const byBrand =
      typeof query.brand_id === 'string' && query.brand_id !== ''
        ? inArray(
            companies.id,
            db
              .select({ id: brands.companyId })
              .from(brands)
              .where(eq(brands.id, Number(query.brand_id) || 0)),
          )
        : undefined;
    const where = and(eq(companies.id, user.companyId), byBrand, buildFilters(query, spec));
    const selected = db
      .select({ id: companies.id, name: companies.name, description: companies.name })
      .from(companies)
      .where(where)
      .$dynamic();
    return pageOf(db, selected, [asc(companies.name)], page);
  },
});
export type LocationsRepository = ReturnType<typeof createLocationsRepository>;
