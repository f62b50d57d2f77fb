import type { readerListQuerySchema } from '@rfid/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { areas, devices, locations, readerLinks } from '../../db/schema/index.js';
import { type VersionedWrite, versionedUpdate } from '../../db/versions.js';
import { type FilterSpec, orderColumns } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { type ListQuerySpec, visibleRecords } from '../locations/location-scope.js';
import { joinAreaAndLocation, requireArea, type ScopedArea } from './admin-scope.js';

export const readerFilters: FilterSpec = {
  id: { column: devices.id, lookups: ['exact'], type: 'number' },
  locationId: { column: devices.locationId, lookups: ['exact'], type: 'number' },
  location_id: { column: devices.locationId, lookups: ['exact'], type: 'number' },
  mac_address: { column: devices.macAddress, lookups: ['exact', 'icontains', 'contains'] },
  serial_number: { column: devices.serialNumber, lookups: ['exact', 'icontains', 'contains'] },
  working_mode: { column: devices.workingMode, lookups: ['exact'], type: 'number' },
  reader_type: { column: devices.readerType, lookups: ['exact'], type: 'number' },
  locationArea1: { column: devices.areaId, lookups: ['exact'], type: 'number' },
};
const readerListing: ListQuerySpec = {
  filters: readerFilters,
  order: orderColumns(readerFilters, ['id', 'serial_number', 'mac_address', 'working_mode', 'reader_type']),
  fallback: [asc(devices.serialNumber), asc(devices.id)],
};

const readerColumns = {
  id: devices.id,
  companyId: devices.companyId,
  serialNumber: devices.serialNumber,
  macAddress: devices.macAddress,
  workingMode: devices.workingMode,
  readerType: devices.readerType,
  areaId: devices.areaId,
  areaDescription: areas.description,
  locationId: devices.locationId,
  locationDescription: locations.description,
  description: devices.description,
  lastSeenAt: devices.lastSeenAt,
  firmwareVersion: devices.firmwareVersion,
  connectionType: devices.connectionType,
  llrpHost: devices.llrpHost,
  llrpPort: devices.llrpPort,
  llrpAntennas: devices.llrpAntennas,
  llrpPowerDbm: devices.llrpPowerDbm,
  linkState: readerLinks.state,
  linkError: readerLinks.lastError,
  linkConnectedAt: readerLinks.connectedAt,
  linkLastReportAt: readerLinks.lastReportAt,
  version: devices.version,
};
export type ReaderRow = {
  id: number;
  companyId: number;
  serialNumber: string;
  macAddress: string;
  workingMode: number;
  readerType: number;
  areaId: number;
  areaDescription: string;
  locationId: number;
  locationDescription: string;
  description: string;
  lastSeenAt: Date | null;
  firmwareVersion: string;
  connectionType: string;
  llrpHost: string | null;
  llrpPort: number;
  llrpAntennas: number[];
  llrpPowerDbm: number | null;
  /** reader_links, when a process holds the link (its lease has not run out). */
  linkState: string | null;
  linkError: string | null;
  linkConnectedAt: Date | null;
  linkLastReportAt: Date | null;
  /** One more on every edit and key rotation (docs/concurrency.md). */
  version: number;
};

export type ReaderValues = {
  serialNumber: string;
  macAddress: string;
  workingMode: number;
  readerType: number;
  areaId: number;
  locationId: number;
  description: string;
  connectionType: string;
  llrpHost: string | null;
  llrpPort: number;
  llrpAntennas: number[];
  llrpPowerDbm: number | null;
};

export const createReadersRepository = (db: Db) => {
  const records = visibleRecords(
    db,
    () =>
      joinAreaAndLocation(db.select(readerColumns).from(devices).$dynamic(), devices).leftJoin(
        readerLinks,
        and(eq(readerLinks.deviceId, devices.id), sql`${readerLinks.leaseUntil} > now()`),
      ),
    devices.id,
  );
  return {
    list: (user: AuthUser, query: z.output<typeof readerListQuerySchema>, page: PageParams) =>
      records.list(user, query, page, readerListing),

    get: (user: AuthUser, id: number): Promise<ReaderRow | undefined> => records.one(user, id),

    /** MAC addresses are unique across all companies (a reader is one physical device). */
    async macTaken(mac: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.macAddress, mac), exceptId ? ne(devices.id, exceptId) : undefined))
        .limit(1);
      return Boolean(row);
    },

    async insert(companyId: number, values: ReaderValues, deviceKeyHash: string): Promise<number> {
      const [row] = await db
        .insert(devices)
        .values({ ...values, companyId, deviceKeyHash })
        .returning({ id: devices.id });
      return row?.id as number;
    },

    /** An area of a location the user may see (404 otherwise). */
    area: (user: AuthUser, areaId: number): Promise<ScopedArea> => requireArea(db, user, areaId),

    /** The edit in one statement, bumping the version; only from `expected` when given (docs/concurrency.md). */
    update: (id: number, values: Partial<ReaderValues>, expected: number | undefined): Promise<VersionedWrite> =>
      versionedUpdate(db, devices, { id, expected, values }),

    /**
     * The new key's hash in one statement, bumping the version: the row stays locked until it commits, so of two
     * rotations from one version only the first writes, and the key a rotation answers is the one it stored.
     */
    rotateKey: (id: number, deviceKeyHash: string, expected: number | undefined): Promise<VersionedWrite> =>
      versionedUpdate(db, devices, { id, expected, values: { deviceKeyHash } }),
  };
};
export type ReadersRepository = ReturnType<typeof createReadersRepository>;
