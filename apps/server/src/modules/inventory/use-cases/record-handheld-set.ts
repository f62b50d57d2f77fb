import type { HandheldSetInput, IngestedSetDto } from '@rfid/contract';
import { conflict, fieldError } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { type HandheldIngestion, ingestHandheldSet } from '../../ingest/handheld-set.js';
import type { IngestDevice } from '../../ingest/ingest.repository.js';

/** What recording a handheld app's set needs: the user's location, the area's handheld reader, ingestion. */
export type HandheldSetRepository = HandheldIngestion & {
  /** Whether the area is one of the location's. */
  hasArea(locationId: number, areaId: number): Promise<boolean>;
  /** The area's handheld reader (working mode Handheld), the lowest id when it has several; undefined when none. */
  handheldOfArea(locationId: number, areaId: number): Promise<IngestDevice | undefined>;
};

/**
 * POST /api/locations/{id}/handheld_sets/ (issue 32): the handheld app's count of an area, typed by the reader's
 * keyboard wedge, stored as one reading set of the area's handheld reader, through ingestion like the reader's own
 * sets (its inventory, its floor sightings). The user must see the location (404) and write inventories (the route's
 * role); the area must be the location's (400 on `area`) and have a handheld reader (409). The app's UUID makes a
 * resend a no-op (`created: false`).
 */
export const recordHandheldSet = async (
  repo: HandheldSetRepository,
  user: AuthUser,
  { locationId, body }: { locationId: number; body: HandheldSetInput },
): Promise<{ set: IngestedSetDto; isCreated: boolean }> => {
  const location = await repo.location(user, locationId);
  if (!(await repo.hasArea(location.id, body.area))) throw fieldError('area', 'inventory.handheld_area_not_here');
  const device = await repo.handheldOfArea(location.id, body.area);
  if (!device || device.companyId !== location.companyId) throw conflict('inventory.handheld_none_in_area');
  return ingestHandheldSet(repo, device, body, { id: body.id.toLowerCase(), codebar: null });
};
