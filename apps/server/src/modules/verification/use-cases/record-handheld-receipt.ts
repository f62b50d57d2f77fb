import type { HandheldReceiptInput, IngestedSetDto } from '@rfid/contract';
import { conflict } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { type HandheldIngestion, ingestHandheldSet } from '../../ingest/handheld-set.js';
import type { IngestDevice } from '../../ingest/ingest.repository.js';
import { VERIFICATION_MODES } from '../verification.engine.js';
import { type FoundBox, verifiesBox } from '../verification.rules.js';

/** What recording a handheld app's box receipt needs: the user's location, the store's receiving reader, ingestion. */
export type HandheldReceiptRepository = HandheldIngestion & {
  /**
   * The location's receiving reader: working mode Entry, else Movement (the modes whose sets verify a box at its
   * destination), the lowest id of the first mode that has one; undefined when none.
   */
  receivingReader(locationId: number): Promise<IngestDevice | undefined>;
  /** The company's box of this barcode, its order's kind, places and states (undefined when none). */
  boxOf(companyId: number, codebar: string): Promise<FoundBox | undefined>;
  /** Whether a reading set of this id is stored (a resend). */
  isStored(setId: string): Promise<boolean>;
};

/**
 * POST /api/locations/{id}/handheld_receipts/ (issue 32): a box received with the handheld app, its barcode and the
 * EPCs the reader's keyboard wedge typed, stored as one reading set of the store's receiving reader with the box's
 * barcode, through ingestion like the reader's own sets: the verification handler (verification.engine.ts) makes it
 * the box's verification when the barcode names a box of an open order bound for this store. The user must see the
 * location (404) and receive boxes (the route's role); the store must have a receiving reader (409), and the barcode
 * name a box that reader's set would verify (409: a wrong barcode is refused and shown, not stored as a free set). The
 * app's UUID makes a resend a no-op (`created: false`), whatever became of the box since the first send.
 */
export const recordHandheldReceipt = async (
  repo: HandheldReceiptRepository,
  user: AuthUser,
  { locationId, body }: { locationId: number; body: HandheldReceiptInput },
): Promise<{ set: IngestedSetDto; isCreated: boolean }> => {
  const location = await repo.location(user, locationId);
  const device = await repo.receivingReader(location.id);
  if (!device || device.companyId !== location.companyId) throw conflict('verification.handheld_no_receiving_reader');
  const id = body.id.toLowerCase();
  if (!(await repo.isStored(id))) {
    const mode = VERIFICATION_MODES[device.workingMode];
    const box = await repo.boxOf(location.companyId, body.codebar);
    if (!mode || !verifiesBox(mode, box, location.id)) throw conflict('verification.handheld_box_not_waiting');
  }
  return ingestHandheldSet(repo, device, body, { id, codebar: body.codebar });
};
