import { WorkingMode } from '@rfid/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { areas, devices } from '../../db/schema/index.js';
import type { Engine } from '../engine/engine.js';
import { ingestDeviceColumns } from '../ingest/ingest.repository.js';
import { ingestSet, toIngestedSetDto } from '../ingest/ingest.service.js';
import { requireLocation } from '../locations/location-scope.js';
import type { HandheldSetRepository } from './use-cases/record-handheld-set.js';

/** The handheld app's sets (use-cases/record-handheld-set.ts): the location scope, the area's reader, ingestion. */
export const createHandheldSetRepository = (db: Db, engine: Engine): HandheldSetRepository => ({
  location: async (user, locationId) => {
    const location = await requireLocation(db, user, locationId);
    return { id: location.id, companyId: location.companyId };
  },
  hasArea: async (locationId, areaId) => {
    const [row] = await db
      .select({ id: areas.id })
      .from(areas)
      .where(and(eq(areas.id, areaId), eq(areas.locationId, locationId)))
      .limit(1);
    return row !== undefined;
  },
  handheldOfArea: async (locationId, areaId) => {
    const [row] = await db
      .select(ingestDeviceColumns)
      .from(devices)
      .where(and(eq(devices.locationId, locationId), eq(devices.areaId, areaId), eq(devices.workingMode, WorkingMode.Handheld)))
      .orderBy(asc(devices.id))
      .limit(1);
    return row;
  },
  ingest: (device, input) => ingestSet(engine, device, input),
  toDto: ({ set, isCreated }) => toIngestedSetDto(set, isCreated),
});
