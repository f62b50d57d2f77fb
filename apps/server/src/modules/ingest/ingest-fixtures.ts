import type { IngestedSetDto } from '@rfid/contract';
import { notFound } from '../../http/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { IngestDevice } from './ingest.repository.js';
import type { IngestResult, SetInput } from './ingest.service.js';

/**
 * A fake of the ingestion the handheld use cases call (ingest.service.ts `ingestSet` and `toIngestedSetDto`): `ingest`
 * keeps a set once by its id (a resend is not stored again, `stored` shows what was), `toDto` answers the stored set's
 * id, device, barcode and EPC count and whether it was created.
 */
export const fakeIngestion = () => {
  const stored = new Map<string, { device: IngestDevice; input: SetInput }>();
  const ingest = async (device: IngestDevice, input: SetInput): Promise<IngestResult> => {
    const isCreated = !stored.has(input.id);
    if (isCreated) stored.set(input.id, { device, input });
    const row = {
      id: input.id,
      deviceId: device.id,
      codebar: input.codebar,
      epcCount: new Set(input.reads.map((r) => r.epc)).size,
    };
    // The stored row's fields the fake's toDto reads.
    return { set: row as never, isCreated };
  };
  const toDto = ({ set, isCreated }: IngestResult): IngestedSetDto => {
    const row = set as unknown as { id: string; deviceId: number; codebar: string | null; epcCount: number };
    return {
      id: row.id,
      device: row.deviceId,
      codebar: row.codebar,
      epc_count: row.epcCount,
      created: isCreated,
    } as IngestedSetDto;
  };
  return { stored, ingest, toDto };
};

/** The location the handheld use cases' fakes answer: one of the user's (of company 1), else 404. */
export const locationOfUser = async (user: AuthUser, locationId: number) => {
  if (!user.locationIds?.includes(locationId)) throw notFound('location.not_found');
  return { id: locationId, companyId: 1 };
};

/** A device of company 1 at location 10, area 100. */
export const deviceAtStore10 = (
  id: number,
  workingMode: IngestDevice['workingMode'],
  serialNumber: string,
  macAddress: string,
): IngestDevice => ({
  id,
  companyId: 1,
  locationId: 10,
  areaId: 100,
  workingMode,
  serialNumber,
  macAddress,
});

/** A handheld app's set: its id, what it names (an area or a box's barcode), read 10:00:00–10:00:05 on 2026-11-30, its EPCs. */
export const handheldBody = <Named extends object>(id: string, named: Named, epcs: string[]) => ({
  id,
  ...named,
  start_time: '2026-11-30T10:00:00.000Z',
  end_time: '2026-11-30T10:00:05.000Z',
  epcs,
});
