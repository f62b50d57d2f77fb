import { type locationUpdateBodySchema, RoleThreshold } from '@rfid/contract';
import type { z } from 'zod';
import type { VersionedWrite } from '../../../db/versions.js';
import { forbidden } from '../../../http/errors.js';
import { requireFound, requireFresh, type VersionedEdit, type VersionMessages, writtenVersion } from '../../../http/versions.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { LocationRow } from '../../locations/locations.repository.js';
import type { LocationValues } from '../admin-locations.repository.js';
import { guardCode, type LocationChecksRepository, locationChecks, toValues } from '../admin-locations.service.js';

export const LOCATION_CHANGED = 'admin.location_changed';
const LOCATION_MESSAGES: VersionMessages = { stale: LOCATION_CHANGED, missing: 'location.not_found' };

/** What editing a location reads and writes. */
export type UpdateLocationRepository = LocationChecksRepository & {
  /** The location, when the user may see it. */
  getLocation(user: AuthUser, id: number): Promise<LocationRow | undefined>;
  /** One statement: the values and version + 1, only from `expected` when given. */
  update(id: number, values: LocationValues, expected: number | undefined): Promise<VersionedWrite>;
};

export type UpdateLocationInput = VersionedEdit<z.output<typeof locationUpdateBodySchema>>;

/**
 * PUT /api/locations/{id}/ (roles ≤ 2; only role 1 changes the active flag). An edit made from an older version
 * changes nothing (409, docs/concurrency.md).
 */
export const createUpdateLocation =
  ({ repo }: { repo: UpdateLocationRepository }) =>
  async ({ user, id, body, version }: UpdateLocationInput): Promise<LocationRow> => {
    const { checkBrand, checkCode, checkGln } = locationChecks(repo);
    const current = requireFresh(await repo.getLocation(user, id), version, LOCATION_MESSAGES);
    if (body.active !== undefined && body.active !== current.active && user.role > RoleThreshold.billing) {
      throw forbidden('admin.active_flag_admin_only');
    }
    await checkBrand(user, body.brand);
    const code = body.code || current.code;
    await checkCode(user, code, id);
    await checkGln(user, body.gln, id);
    const outcome = await guardCode(() => repo.update(id, toValues(body, code), version));
    writtenVersion(outcome, LOCATION_MESSAGES);
    return requireFound(await repo.getLocation(user, id), LOCATION_MESSAGES);
  };
