import type { InventoryCsvTask } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /inventorys/{id}/start_csv_creation/ → the task id to poll. */
export const startCsvCreation = (id: number) =>
  apiRequest<InventoryCsvTask>(`/inventorys/${id}/start_csv_creation/`, { silent: true, timeoutMs: 20_000 });
