import type { ExitStats } from '@rfid/contract';
import { toExitStats } from '../figures.js';
import type { FiguresRepository } from '../figures.repository.js';
import { statsRange } from '../stats.rules.js';
import { type BrandStatsInput, brandScope, type ScopeRepository } from './stats-scope.js';

/** GET /brands/{id}/exitstats: the exit figures of movements and online orders leaving the brand's locations. */
export const getBrandExitStats = async (
  { repo, figures, now }: { repo: ScopeRepository; figures: Pick<FiguresRepository, 'exitFigures'>; now: () => Date },
  { user, brandId, query }: BrandStatsInput,
): Promise<ExitStats> => {
  const brand = await brandScope(repo, user, brandId);
  const { from, to, days } = statsRange(query, now(), brand.timeZone);
  const s = await figures.exitFigures({ types: ['movement', 'online'], locationIds: brand.locationIds, from, to });
  return toExitStats(s, { from, to, days });
};
