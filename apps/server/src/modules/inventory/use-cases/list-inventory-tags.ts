import type { InventoryTag, InventoryTagQuery } from '@rfid/contract';
import type { PageRequestInput } from '../../use-case-input.js';
import { toTagDto } from '../inventory-dto.js';
import type { TagKind } from '../inventory-reports.repository.js';
import type { InventoryRepository } from '../inventory-store.repository.js';
import { requireInventory } from './inventory-scope.js';

export type ListInventoryTagsInput = PageRequestInput<'id', InventoryTagQuery> & { kind: TagKind };

/** GET /inventorys/{id}/items/ (the EPCs read) and unchecked_items/ (lost: expected, not read): a page of them. */
export const listInventoryTags = async (
  repo: Pick<InventoryRepository, 'inventory' | 'tags'>,
  { user, id, kind, query, page }: ListInventoryTagsInput,
): Promise<{ count: number; results: InventoryTag[] }> => {
  await requireInventory(repo, user, id);
  const { count, rows } = await repo.tags({ inventoryId: id, kind, query, page });
  return { count, results: rows.map((r) => toTagDto(r, kind)) };
};
