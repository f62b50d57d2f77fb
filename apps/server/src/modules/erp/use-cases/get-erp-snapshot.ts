import type { ErpSnapshotDetail } from '@rfid/contract';
import { foundOr } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { toSnapshotDetail } from '../erp.dto.js';
import type { ErpRepository } from '../erp.repository.js';

/** GET /api/erp/snapshots/{id}/: one import with its rejected rows; one the user does not see is 404. */
export const getErpSnapshot = async (
  repo: Pick<ErpRepository, 'getSnapshot' | 'locationsOf'>,
  user: AuthUser,
  id: number,
): Promise<ErpSnapshotDetail> => {
  const row = await foundOr(repo.getSnapshot(user, id), 'erp.snapshot_not_found');
  const places = await repo.locationsOf(user.companyId, row.locationIds);
  return toSnapshotDetail(row, new Map(places.map((p) => [p.id, p])));
};
