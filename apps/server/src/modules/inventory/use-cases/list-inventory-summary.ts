import type { InventorySummaryQuery, InventorySummaryRow } from '@rfid/contract';
import { toSummaryDto } from '../inventory-dto.js';
import type { SummaryKind } from '../inventory-reports.repository.js';
import type { InventoryRepository } from '../inventory-store.repository.js';
import { type InventoryReportInput, inventoryReportPage } from './inventory-scope.js';

/**
 * GET /inventorys/{id}/summary/ (all), remaining_summary/ (GTINs with missing items), surplus_summary/ (with excess
 * items): a page of the inventory's figures per GTIN.
 */
export const listInventorySummary = (
  repo: Pick<InventoryRepository, 'inventory' | 'summary'>,
  input: InventoryReportInput<InventorySummaryQuery, SummaryKind>,
): Promise<{ count: number; results: InventorySummaryRow[] }> =>
  inventoryReportPage(repo, input, (report) => repo.summary(report), toSummaryDto);
