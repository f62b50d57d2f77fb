import type { MovementEntryStats } from '@rfid/contract';
import { toEntryStats } from '../figures.js';
import type { FiguresRepository } from '../figures.repository.js';
import { statsRange } from '../stats.rules.js';
import { type BrandStatsInput, brandScope, type ScopeRepository } from './stats-scope.js';

/** GET /brands/{id}/entrystats: the movement entry figures of the brand's locations over the range (default 30 days). */
export const getBrandEntryStats = async (
  { repo, figures, now }: { repo: ScopeRepository; figures: Pick<FiguresRepository, 'entryFigures'>; now: () => Date },
  { user, brandId, query }: BrandStatsInput,
): Promise<MovementEntryStats> => {
  const brand = await brandScope(repo, user, brandId);
  const { from, to, days } = statsRange(query, now(), brand.timeZone);
  return toEntryStats(await figures.entryFigures({ locationIds: brand.locationIds, from, to }), { from, to, days });
};
