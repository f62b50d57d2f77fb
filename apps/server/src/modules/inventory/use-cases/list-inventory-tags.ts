import type { InventoryTag, InventoryTagQuery } from '@rfid/contract';
import { toTagDto } from '../inventory-dto.js';
import type { TagKind } from '../inventory-reports.repository.js';
import type { InventoryRepository } from '../inventory-store.repository.js';
import { type InventoryReportInput, inventoryReportPage } from './inventory-scope.js';

/** GET /inventorys/{id}/items/ (the EPCs read) and unchecked_items/ (lost: expected, not read): a page of them. */
export const listInventoryTags = (
  repo: Pick<InventoryRepository, 'inventory' | 'tags'>,
  input: InventoryReportInput<InventoryTagQuery, TagKind>,
): Promise<{ count: number; results: InventoryTag[] }> =>
  inventoryReportPage(
    repo,
    input,
    (report) => repo.tags(report),
    (row) => toTagDto(row, input.kind),
  );
