import type { ErpSnapshot } from '@rfid/contract';
import type { PageParams } from '../../../http/paging.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { toSnapshot } from '../erp.dto.js';
import type { ErpRepository } from '../erp.repository.js';

/** GET /api/erp/snapshots/: the history of imports the user sees (a location editor: those that named their stores). */
export const listErpSnapshots = async (
  repo: Pick<ErpRepository, 'listSnapshots' | 'locationsOf'>,
  user: AuthUser,
  page: PageParams,
): Promise<{ count: number; results: ErpSnapshot[] }> => {
  const { count, rows } = await repo.listSnapshots(user, page);
  const places = await repo.locationsOf(user.companyId, [...new Set(rows.flatMap((r) => r.locationIds))]);
  const byId = new Map(places.map((p) => [p.id, p]));
  return { count, results: rows.map((r) => toSnapshot(r, byId)) };
};
