import type { printerListQuerySchema } from '@rfid/contract';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { areas, locations, printers, printOrders, printTags } from '../../db/schema/index.js';
import { type VersionedWrite, versionedUpdate } from '../../db/versions.js';
import { type FilterSpec, orderColumns } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { type ListQuerySpec, visibleRecords } from '../locations/location-scope.js';
import { joinAreaAndLocation, requireArea, type ScopedArea } from './admin-scope.js';

export const printerFilters: FilterSpec = {
  id: { column: printers.id, lookups: ['exact'], type: 'number' },
  description: { column: printers.description, lookups: ['exact', 'icontains', 'contains'] },
  mac: { column: printers.mac, lookups: ['exact', 'icontains'] },
  ip_address: { column: printers.ipAddress, lookups: ['exact', 'icontains'] },
  location_id: { column: printers.locationId, lookups: ['exact'], type: 'number' },
  locationId: { column: printers.locationId, lookups: ['exact'], type: 'number' },
  location_area: { column: printers.areaId, lookups: ['exact'], type: 'number' },
};
const printerListing: ListQuerySpec = {
  filters: printerFilters,
  order: orderColumns(printerFilters, ['id', 'description', 'mac', 'ip_address']),
  fallback: [asc(printers.description), asc(printers.id)],
};

export type PrinterRow = {
  id: number;
  description: string;
  mac: string;
  ipAddress: string;
  port: number;
  areaId: number;
  areaDescription: string;
  locationId: number;
  locationDescription: string;
  serialNumber: string;
  dpi: number;
  /** One more on every edit (docs/concurrency.md). */
  version: number;
};
export type PrinterValues = {
  description: string;
  mac: string;
  ipAddress: string;
  port: number;
  areaId: number;
  locationId: number;
  serialNumber: string;
  /** Left out on an update: the printer keeps its resolution. */
  dpi?: number;
};

/** A printer as the admin pages read it: with its area and location. */
const printerColumns = {
  id: printers.id,
  description: printers.description,
  mac: printers.mac,
  ipAddress: printers.ipAddress,
  port: printers.port,
  areaId: printers.areaId,
  areaDescription: areas.description,
  locationId: printers.locationId,
  locationDescription: locations.description,
  serialNumber: printers.serialNumber,
  dpi: printers.dpi,
  version: printers.version,
};

export const createPrintersRepository = (db: Db) => {
  const records = visibleRecords(
    db,
    () => joinAreaAndLocation(db.select(printerColumns).from(printers).$dynamic(), printers),
    printers.id,
  );
  return {
    list: (user: AuthUser, query: z.output<typeof printerListQuerySchema>, page: PageParams) =>
      records.list(user, query, page, printerListing),

    get: (user: AuthUser, id: number): Promise<PrinterRow | undefined> => records.one(user, id),

    async insert(companyId: number, values: PrinterValues): Promise<number> {
      const [row] = await db
        .insert(printers)
        .values({ ...values, companyId })
        .returning({ id: printers.id });
      return row?.id as number;
    },

    /** An area of a location the user may see (404 otherwise). */
    area: (user: AuthUser, areaId: number): Promise<ScopedArea> => requireArea(db, user, areaId),

    /** The edit in one statement, bumping the version; only from `expected` when given (docs/concurrency.md). */
    update: (id: number, values: PrinterValues, expected: number | undefined): Promise<VersionedWrite> =>
      versionedUpdate(db, printers, { id, expected, values }),

    /**
     * Print orders and printed labels keep their history; they no longer name the deleted printer. The first statement
     * checks the version and locks the row (nothing is done when another edit came first).
     */
    remove: (id: number, expected: number | undefined): Promise<VersionedWrite> =>
      db.transaction(async (tx) => {
        const outcome = await versionedUpdate(tx, printers, { id, expected, values: {} });
        if (!('written' in outcome)) return outcome;
        await tx.update(printTags).set({ printerId: null }).where(eq(printTags.printerId, id));
        await tx.update(printOrders).set({ printerId: null }).where(eq(printOrders.printerId, id));
        await tx.delete(printers).where(eq(printers.id, id));
        return outcome;
      }),
  };
};
export type PrintersRepository = ReturnType<typeof createPrintersRepository>;
