import type { InventoryFeed, InventoryFeedQuery } from '@rfid/contract';
import { parseApiDate } from '@rfid/contract';
import { notFound } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { cursorOf, parseCursor, toInventoryDifferences } from '../erp.dto.js';
import type { ErpRepository, InventoryLine } from '../erp.repository.js';

export const INVENTORY_FEED_DEFAULT = 20;

/**
 * GET /api/erp/inventory-differences/ (every role, in its scope): the differences of the inventories validated after
 * `since` (or after the `cursor` of a previous answer), oldest validation first, `limit` inventories at a time. The
 * answer's `next_cursor` goes on from the last one (the same cursor when nothing new was validated): an ERP polls with
 * it and gets every validated inventory once.
 */
export const listInventoryFeed = async (
  repo: Pick<ErpRepository, 'validatedAfter' | 'inventoryLines' | 'seesLocation'>,
  user: AuthUser,
  query: InventoryFeedQuery,
): Promise<InventoryFeed> => {
  if (query.location !== undefined && !(await repo.seesLocation(user, query.location))) throw notFound('location.not_found');
  const since = query.since === undefined ? null : parseApiDate(query.since);
  const after = query.cursor ? parseCursor(query.cursor) : { us: (since?.getTime() ?? 0) * 1000, id: 0 };
  const heads = await repo.validatedAfter(user, after, {
    ...(query.location === undefined ? {} : { locationId: query.location }),
    limit: query.limit ?? INVENTORY_FEED_DEFAULT,
  });
  const lines = await repo.inventoryLines(heads.map((h) => h.id));
  const byInventory = new Map<number, InventoryLine[]>();
  for (const line of lines) {
    const list = byInventory.get(line.inventory_id);
    if (list) list.push(line);
    else byInventory.set(line.inventory_id, [line]);
  }
  const last = heads.at(-1);
  return {
    results: heads.map((h) =>
      toInventoryDifferences(h, byInventory.get(h.id) ?? [], { onlyDifferences: query.only_differences === 'true' }),
    ),
    next_cursor: cursorOf(last && last.closed_us !== null ? { us: last.closed_us, id: last.id } : after),
  };
};
