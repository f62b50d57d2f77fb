import type { InventorySummaryQuery, InventorySummaryRow } from '@rfid/contract';
import type { PageRequestInput } from '../../use-case-input.js';
import { toSummaryDto } from '../inventory-dto.js';
import type { SummaryKind } from '../inventory-reports.repository.js';
import type { InventoryRepository } from '../inventory-store.repository.js';
import { requireInventory } from './inventory-scope.js';

export type ListInventorySummaryInput = PageRequestInput<'id', InventorySummaryQuery> & { kind: SummaryKind };

/**
 * GET /inventorys/{id}/summary/ (all), remaining_summary/ (GTINs with missing items), surplus_summary/ (with excess
 * items): a page of the inventory's figures per GTIN.
 */
export const listInventorySummary = async (
  repo: Pick<InventoryRepository, 'inventory' | 'summary'>,
  { user, id, kind, query, page }: ListInventorySummaryInput,
): Promise<{ count: number; results: InventorySummaryRow[] }> => {
  await requireInventory(repo, user, id);
  const { count, rows } = await repo.summary({ inventoryId: id, kind, query, page });
  return { count, results: rows.map(toSummaryDto) };
};
