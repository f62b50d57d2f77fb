import type { Inventory } from '@rfid/contract';
import { visibleOr } from '../../../http/errors.js';
import type { PageParams } from '../../../http/paging.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { PageRequestInput } from '../../use-case-input.js';
import type { InventoryRow } from '../inventory.repository.js';
import { toInventoryDto } from '../inventory-dto.js';
import type { InventoryRepository } from '../inventory-store.repository.js';

/** The inventory when the user sees its location (another company's, or a location not the user's: 404). */
export const requireInventory = async (
  repo: Pick<InventoryRepository, 'inventory'>,
  user: AuthUser,
  id: number,
): Promise<InventoryRow> => {
  return visibleOr(user, repo.inventory({ id, companyId: user.companyId }), 'inventory.not_found');
};

/** The inventory as the API answers it, with its GTINs when partial. */
export const withTypes = async (repo: Pick<InventoryRepository, 'partialTypesOf'>, row: InventoryRow): Promise<Inventory> => {
  const types = row.isPartial ? await repo.partialTypesOf([row.id]) : new Map();
  return toInventoryDto(row, types.get(row.id) ?? []);
};

/** A report of one inventory, read a page at a time by its id and `kind` (the summary per GTIN, the tags). */
export type InventoryReportInput<Query, Kind> = PageRequestInput<'id', Query> & { kind: Kind };

/**
 * A page of a report of the inventory (404 unless the user sees it): `read` finds its rows (with their count), `toDto`
 * answers each.
 */
export const inventoryReportPage = async <Query, Kind, Row, Dto>(
  repo: Pick<InventoryRepository, 'inventory'>,
  { user, id, kind, query, page }: InventoryReportInput<Query, Kind>,
  read: (report: { inventoryId: number; kind: Kind; query: Query; page: PageParams }) => Promise<{ count: number; rows: Row[] }>,
  toDto: (row: Row) => Dto,
): Promise<{ count: number; results: Dto[] }> => {
  await requireInventory(repo, user, id);
  const { count, rows } = await read({ inventoryId: id, kind, query, page });
  return { count, results: rows.map(toDto) };
};
