import type { ExitStats } from '@rfid/contract';
import { toExitStats } from '../figures.js';
import type { FiguresRepository } from '../figures.repository.js';
import { brandStats } from './stats-scope.js';

/** GET /brands/{id}/exitstats: the exit figures of movements and online orders leaving the brand's locations. */
export const getBrandExitStats = brandStats(
  async ({ figures }: { figures: Pick<FiguresRepository, 'exitFigures'> }, { brand, from, to, days }): Promise<ExitStats> => {
    const s = await figures.exitFigures({ types: ['movement', 'online'], locationIds: brand.locationIds, from, to });
    return toExitStats(s, { from, to, days });
  },
);
