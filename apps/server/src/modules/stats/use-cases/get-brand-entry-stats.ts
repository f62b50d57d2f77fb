import type { MovementEntryStats } from '@rfid/contract';
import { toEntryStats } from '../figures.js';
import type { FiguresRepository } from '../figures.repository.js';
import { brandStats } from './stats-scope.js';

/** GET /brands/{id}/entrystats: the movement entry figures of the brand's locations over the range (default 30 days). */
export const getBrandEntryStats = brandStats(
  async (
    { figures }: { figures: Pick<FiguresRepository, 'entryFigures'> },
    { brand, from, to, days },
  ): Promise<MovementEntryStats> =>
    toEntryStats(await figures.entryFigures({ locationIds: brand.locationIds, from, to }), { from, to, days }),
);
