import { dayOf, type InboundStats } from '@rfid/contract';
import { toInboundStats } from '../figures.js';
import type { FiguresRepository } from '../figures.repository.js';
import { daysRange, statsRange } from '../stats.rules.js';
import { type BrandStatsInput, brandScope, type ScopeRepository } from './stats-scope.js';

/**
 * GET /brands/{id}/purchasestats: the inbound figures (purchase orders arriving) of the brand's locations over the
 * range (default the last 30 days), and those for today (today of the brand's zone).
 */
export const getBrandPurchaseStats = async (
  { repo, figures, now }: { repo: ScopeRepository; figures: Pick<FiguresRepository, 'inboundFigures'>; now: () => Date },
  { user, brandId, query }: BrandStatsInput,
): Promise<InboundStats> => {
  const brand = await brandScope(repo, user, brandId);
  const at = now();
  const { from, to, days } = statsRange(query, at, brand.timeZone);
  const today = dayOf(at, brand.timeZone);
  const day = daysRange(today, today, brand.timeZone);
  const s = await figures.inboundFigures({ locationIds: brand.locationIds, from, to, dayStart: day.from, dayEnd: day.to });
  return toInboundStats(s, { from, to, days });
};
