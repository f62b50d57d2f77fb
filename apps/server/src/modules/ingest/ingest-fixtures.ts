import type { IngestedSetDto } from '@rfid/contract';
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
