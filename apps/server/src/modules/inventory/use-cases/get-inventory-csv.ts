import { AppError } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { inventoryFileName } from '../inventory.csv.js';
import type { InventoryRepository } from '../inventory-store.repository.js';
import { requireInventory } from './inventory-scope.js';

const BOM = '\uFEFF';

/**
 * GET /inventorys/{id}/csv/: the newest finished file of the inventory; 404 (jobs.file_not_ready) before one was
 * created. Served with one UTF-8 BOM whatever the stored text starts with (a file stored before issue 28 has none), so
 * a spreadsheet opened by a double click reads its accents right.
 */
export const getInventoryCsv = async (
  repo: Pick<InventoryRepository, 'inventory' | 'latestFinishedCsv'>,
  { user, id }: { user: AuthUser; id: number },
): Promise<{ fileName: string; content: string }> => {
  await requireInventory(repo, user, id);
  const file = await repo.latestFinishedCsv({ inventoryId: id, companyId: user.companyId });
  if (!file?.content) throw new AppError('NOT_FOUND', { message: 'jobs.file_not_ready' });
  const content = file.content.startsWith(BOM) ? file.content : `${BOM}${file.content}`;
  return { fileName: file.fileName || inventoryFileName(id), content };
};
