import type { Area, areaUpdateBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { VersionedWrite } from '../../../db/versions.js';
import { requireFound, requireFresh, type VersionedEdit, type VersionMessages, writtenVersion } from '../../../http/versions.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { AreaRow, AreaValues } from '../areas.repository.js';
import { extensionCheck } from '../areas.service.js';

export const AREA_CHANGED = 'admin.area_changed';
const AREA_MESSAGES: VersionMessages = { stale: AREA_CHANGED, missing: 'admin.area_not_found' };

/** What editing an area reads and writes. */
export type UpdateAreaRepository = {
  get(user: AuthUser, id: number): Promise<AreaRow | undefined>;
  /** A location the user may see, else a 404. */
  location(user: AuthUser, locationId: number): Promise<unknown>;
  glnExtensionTaken(locationId: number, extension: string, exceptId?: number): Promise<boolean>;
  /** One statement: the values and version + 1, only from `expected` when given. */
  update(id: number, values: AreaValues, expected: number | undefined): Promise<VersionedWrite>;
};

export type UpdateAreaInput = VersionedEdit<z.output<typeof areaUpdateBodySchema>>;

/**
 * PUT /api/areas/{id}/: the description, the location, the GLN extension and the kind (each of these two when sent); stock is read-only. An edit
 * made from an older version changes nothing (409, docs/concurrency.md).
 */
export const createUpdateArea =
  ({ repo }: { repo: UpdateAreaRepository }) =>
  async ({ user, id, body, version }: UpdateAreaInput): Promise<Area> => {
    const current = requireFresh(await repo.get(user, id), version, AREA_MESSAGES);
    await repo.location(user, body.location_id);
    const extension = body.gln_extension === undefined ? current.gln_extension : body.gln_extension;
    await extensionCheck(repo)(body.location_id, extension, id);
    const values: AreaValues = {
      description: body.description,
      locationId: body.location_id,
      ...(body.gln_extension === undefined ? {} : { glnExtension: body.gln_extension }),
      ...(body.kind === undefined ? {} : { kind: body.kind }),
    };
    writtenVersion(await repo.update(id, values, version), AREA_MESSAGES);
    return requireFound(await repo.get(user, id), AREA_MESSAGES);
  };
