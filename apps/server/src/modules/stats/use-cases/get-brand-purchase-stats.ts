import { dayOf, type InboundStats } from '@rfid/contract';
import { toInboundStats } from '../figures.js';
import type { FiguresRepository } from '../figures.repository.js';
import { daysRange } from '../stats.rules.js';
import { brandStats } from './stats-scope.js';

/**
 * GET /brands/{id}/purchasestats: the inbound figures (purchase orders arriving) of the brand's locations over the
 * range (default the last 30 days), and those for today (today of the brand's zone).
 */
export const getBrandPurchaseStats = brandStats(
  async (
    { figures }: { figures: Pick<FiguresRepository, 'inboundFigures'> },
    { brand, at, from, to, days },
  ): Promise<InboundStats> => {
    const today = dayOf(at, brand.timeZone);
    const day = daysRange(today, today, brand.timeZone);
    const s = await figures.inboundFigures({ locationIds: brand.locationIds, from, to, dayStart: day.from, dayEnd: day.to });
    return toInboundStats(s, { from, to, days });
  },
);
