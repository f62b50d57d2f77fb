import type { AuthUser } from '../../../plugins/auth.js';
import type { StockRepository } from '../stock-store.repository.js';

/** GET /boxareaseens/{areaId}/csv/: the same rows, all of them, chunk by chunk. */
export const exportBoxesSeen = async (
  repo: Pick<StockRepository, 'area' | 'boxesSeenChunks'>,
  { user, areaId }: { user: AuthUser; areaId: number },
) => {
  const area = await repo.area(user, areaId);
  return { area, chunks: repo.boxesSeenChunks({ companyId: user.companyId, areaId: area.id }) };
};
