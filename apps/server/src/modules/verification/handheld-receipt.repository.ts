import { WorkingMode } from '@rfid/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { devices } from '../../db/schema/index.js';
import type { Engine } from '../engine/engine.js';
import { createIngestRepository, ingestDeviceColumns } from '../ingest/ingest.repository.js';
import { ingestSet, toIngestedSetDto } from '../ingest/ingest.service.js';
import { requireLocation } from '../locations/location-scope.js';
import type { HandheldReceiptRepository } from './use-cases/record-handheld-receipt.js';
import { findBoxByCodebar } from './verification.repository.js';

/** The handheld app's box receipts (use-cases/record-handheld-receipt.ts): the location scope, the store's receiving reader, ingestion. */
export const createHandheldReceiptRepository = (db: Db, engine: Engine): HandheldReceiptRepository => ({
  location: async (user, locationId) => {
    const location = await requireLocation(db, user, locationId);
    return { id: location.id, companyId: location.companyId };
  },
  receivingReader: async (locationId) => {
    const [row] = await db
      .select(ingestDeviceColumns)
      .from(devices)
      .where(and(eq(devices.locationId, locationId), inArray(devices.workingMode, [WorkingMode.Entry, WorkingMode.Movement])))
      // Entry before Movement, then the lowest id.
      .orderBy(sql`case when ${devices.workingMode} = ${WorkingMode.Entry} then 0 else 1 end`, asc(devices.id))
      .limit(1);
    return row;
  },
  boxOf: (companyId, codebar) => findBoxByCodebar(db, companyId, codebar),
  isStored: async (setId) => (await createIngestRepository(db).setById(setId)) !== undefined,
  ingest: (device, input) => ingestSet(engine, device, input),
  toDto: ({ set, isCreated }) => toIngestedSetDto(set, isCreated),
});
