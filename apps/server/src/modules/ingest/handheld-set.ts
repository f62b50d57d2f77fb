import type { IngestedSetDto } from '@rfid/contract';
import type { AuthUser } from '../../plugins/auth.js';
import type { IngestDevice } from './ingest.repository.js';
import type { IngestResult, SetInput } from './ingest.service.js';

/** What every handheld app's set needs (issue 32): the user's location and the ingestion of a set as a reader's. */
export type HandheldIngestion = {
  /** The location when the user sees it (else a 404). */
  location(user: AuthUser, locationId: number): Promise<{ id: number; companyId: number }>;
  /** Stores the set as that reader's (ingest.service.ts `ingestSet`: idempotent on the set's id). */
  ingest(device: IngestDevice, input: SetInput): Promise<IngestResult>;
  /** The stored set as ingestion answers it. */
  toDto(result: IngestResult): IngestedSetDto;
};

/** What a handheld app sends of every set: its UUID, its read window and the EPCs the reader's keyboard wedge typed. */
type HandheldSetBody = { start_time: string; end_time: string; epcs: string[] };

/**
 * Stores a handheld app's set as one reading set of `device` (its `id`, the app's UUID in lower case, makes a resend a
 * no-op), every EPC read at the window's end, through ingestion like the reader's own sets; answers the stored set.
 */
export const ingestHandheldSet = async (
  repo: HandheldIngestion,
  device: IngestDevice,
  body: HandheldSetBody,
  { id, codebar }: { id: string; codebar: string | null },
): Promise<{ set: IngestedSetDto; isCreated: boolean }> => {
  const endTime = new Date(body.end_time);
  const result = await repo.ingest(device, {
    id,
    startTime: new Date(body.start_time),
    endTime,
    codebar,
    reads: body.epcs.map((epc) => ({ epc, time: endTime, antenna: null, rssi: null })),
  });
  return { set: repo.toDto(result), isCreated: result.isCreated };
};
