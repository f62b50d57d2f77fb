import type { FileCreationProgress } from '@rfid/contract';
import { notFound } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { INVENTORY_CSV_JOB } from '../inventory.csv.js';
import type { InventoryRepository } from '../inventory-store.repository.js';
import { requireInventory } from './inventory-scope.js';

/**
 * GET /file_creation_progress/{taskId}/: the progress (0 to 100) of an inventory file of the company, of an inventory
 * the user sees (else 404).
 */
export const getFileProgress = async (
  repo: Pick<InventoryRepository, 'exportJob' | 'inventory'>,
  { user, taskId }: { user: AuthUser; taskId: string },
): Promise<FileCreationProgress> => {
  const job = await repo.exportJob({ id: taskId, companyId: user.companyId });
  if (job?.kind !== INVENTORY_CSV_JOB || job.refId === null) throw notFound('jobs.task_not_found');
  await requireInventory(repo, user, job.refId);
  return { task_id: job.id, progress: job.progress, file_name: job.fileName, error: job.error };
};
