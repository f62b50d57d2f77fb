import { AREA_KINDS, AreaKind, type areaListQuerySchema } from '@rfid/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { areas, locations, stockNow } from '../../db/schema/index.js';
import { type VersionedWrite, versionedUpdate } from '../../db/versions.js';
import type { FilterSpec } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { type ListQuerySpec, requireLocation, type VisibleLocation, visibleRecords } from '../locations/location-scope.js';

export const areaFilters: FilterSpec = {
  id: { column: areas.id, lookups: ['exact'], type: 'number' },
  description: { column: areas.description, lookups: ['exact', 'icontains', 'contains'] },
  location_id: { column: areas.locationId, lookups: ['exact'], type: 'number' },
  location: { column: areas.locationId, lookups: ['exact'], type: 'number' },
  locationId: { column: areas.locationId, lookups: ['exact'], type: 'number' },
  location__description: { column: locations.description, lookups: ['icontains'] },
};
/**
 * An area's stock is what it holds now: the one stock (`stock_now`: its items STOCKED + its counted non-RFID stock per
 * GTIN, like every other figure of stock) plus the figure typed when the area was added (`areas.stock`: stock it held
 * without tags or GTIN then; 0 for an area added empty).
 */
const areaStockNow =
  sql<number>`(${areas.stock} + (select coalesce(sum(${stockNow.quantity}), 0)::int from ${stockNow} where ${stockNow.areaId} = ${areas.id}))`.mapWith(
    Number,
  );
/** The stored kind read as the contract's AreaKind (the column is free text; anything else reads as 'other'). */
const asAreaKind = (value: unknown): AreaKind => AREA_KINDS.find((kind) => kind === value) ?? AreaKind.Other;
const areaKind = sql<AreaKind>`${areas.kind}`.mapWith(asAreaKind);

const areaListing: ListQuerySpec = {
  filters: areaFilters,
  order: { id: areas.id, description: areas.description, stock: areaStockNow, location: locations.description },
  fallback: [asc(areas.description), asc(areas.id)],
};

const areaColumns = {
  id: areas.id,
  description: areas.description,
  stock: areaStockNow,
  gln_extension: areas.glnExtension,
  kind: areaKind,
  location_id: areas.locationId,
  location_description: locations.description,
  version: areas.version,
};
export type AreaRow = {
  id: number;
  description: string;
  stock: number;
  gln_extension: string | null;
  /** What the area is for (the contract's AreaKind; the column's default is 'other'). */
  kind: AreaKind;
  location_id: number;
  location_description: string;
  /** One more on every edit (docs/concurrency.md). */
  version: number;
};

/** An area's edited columns (its stock is read-only); the GLN extension or kind left out stays. */
export type AreaValues = { description: string; locationId: number; glnExtension?: string | null; kind?: AreaKind };

/** The areas the user sees, with their location. */
const areaRecords = (db: Db) =>
  visibleRecords(
    db,
    () => db.select(areaColumns).from(areas).innerJoin(locations, eq(locations.id, areas.locationId)).$dynamic(),
    areas.id,
  );

export const createAreasRepository = (db: Db) => ({
  async list(user: AuthUser, query: z.output<typeof areaListQuerySchema>, page: PageParams, locationId?: number) {
    const where = locationId === undefined ? undefined : eq(areas.locationId, locationId);
    return areaRecords(db).list(user, query, page, areaListing, [where]);
  },

  get: (user: AuthUser, id: number): Promise<AreaRow | undefined> => areaRecords(db).one(user, id),

  /** Another area of the location has this GLN extension. */
  async glnExtensionTaken(locationId: number, extension: string, exceptId?: number): Promise<boolean> {
    const [row] = await db
      .select({ id: areas.id })
      .from(areas)
      .where(
        and(eq(areas.locationId, locationId), eq(areas.glnExtension, extension), exceptId ? ne(areas.id, exceptId) : undefined),
      )
      .limit(1);
    return Boolean(row);
  },

  async insert(values: {
    description: string;
    stock: number;
    locationId: number;
    glnExtension?: string | null;
    kind: AreaKind;
  }): Promise<number> {
    const [row] = await db.insert(areas).values(values).returning({ id: areas.id });
    return row?.id as number;
  },

  /** A location the user may see (404 otherwise). */
  location: (user: AuthUser, locationId: number): Promise<VisibleLocation> => requireLocation(db, user, locationId),

  /** The edit in one statement, bumping the version; only from `expected` when given (docs/concurrency.md). */
  update: (id: number, values: AreaValues, expected: number | undefined): Promise<VersionedWrite> =>
    versionedUpdate(db, areas, { id, expected, values }),
});
export type AreasRepository = ReturnType<typeof createAreasRepository>;
