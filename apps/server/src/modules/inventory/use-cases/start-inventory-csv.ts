import type { ExportLanguage, InventoryCsvTask } from '@rfid/contract';
import type { AuthUser } from '../../../plugins/auth.js';
import type { InventoryRepository } from '../inventory-store.repository.js';
import { requireInventory } from './inventory-scope.js';

/** GET /inventorys/{id}/start_csv_creation/: queues the inventory file, written in `language`; answers its task id. */
export const startInventoryCsv = async (
  repo: Pick<InventoryRepository, 'inventory' | 'startCsv'>,
  { user, id, language }: { user: AuthUser; id: number; language: ExportLanguage },
): Promise<InventoryCsvTask> => {
  const inventory = await requireInventory(repo, user, id);
  const taskId = await repo.startCsv({ companyId: user.companyId, userId: user.id, inventory, language });
  return { task_id: taskId };
};
