import type { ReplenishmentLine, replenishmentQuerySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { PageParams } from '../../../http/paging.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { PickLineRow, ReplenishmentRepository } from '../replenishment.repository.js';
import { pickQuantities } from '../replenishment.rules.js';
import { storeDay } from './store-day.js';

export type ListReplenishmentRepository = Pick<ReplenishmentRepository, 'store' | 'pickList'>;

/** A line as the API answers it: the counts the SQL found, the quantities the rule computes. */
export const toReplenishmentLine = (row: PickLineRow): ReplenishmentLine => {
  const { missing, toPick } = pickQuantities({ target: row.target, onFloor: row.on_floor, inStockroom: row.in_stockroom });
  return {
    gtin: row.gtin,
    item_type: row.item_type,
    description: row.description ?? row.gtin,
    size: [row.size_primary, row.size_secondary].filter((s) => s).join(' / '),
    colour: row.colour ?? '',
    section: row.section ?? '',
    image: row.image ?? '',
    target: row.target,
    on_floor: row.on_floor,
    in_stockroom: row.in_stockroom,
    missing,
    to_pick: toPick,
    sold_recently: row.sold_recently,
    areas: row.areas ?? [],
    epcs: row.epcs ?? [],
    picked: row.picked,
    picked_at: row.picked_at?.toISOString() ?? null,
  };
};

/**
 * GET /api/locations/{id}/replenishment/: the store's pick list (a location the user sees, else 404): per GTIN with
 * fewer units on the floor than its target and some in the stockroom, what to pick (replenishment.rules.ts), most sold
 * in the last days first; lines skipped today are left out, lines picked today say so until the floor sees the units.
 */
export const listReplenishment = async (
  repo: ListReplenishmentRepository,
  user: AuthUser,
  {
    locationId,
    query,
    page,
    now = new Date(),
  }: { locationId: number; query: z.output<typeof replenishmentQuerySchema>; page: PageParams; now?: Date },
): Promise<{ count: number; results: ReplenishmentLine[] }> => {
  const store = await repo.store(user, locationId);
  const rows = await repo.pickList({
    locationId: store.id,
    companyId: store.companyId,
    ...storeDay(store.timeZone, now),
    gtin: query.gtin,
    page,
  });
  return { count: rows[0]?.total ?? 0, results: rows.map(toReplenishmentLine) };
};
