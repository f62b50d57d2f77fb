import type { InventoryFileResult } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';
import { useSavingMutation } from '../../../lib/query-client';
import { stockKeys } from '../keys';

/** POST /areas/{id}/upload_inventory_file/ multipart (field "file"): the area's counted stock. */
export const uploadInventoryFile = ({ areaId, file }: { areaId: number; file: File }) => {
  const body = new FormData();
  body.append('file', file);
  // The page shows the refusal (the row at fault) itself.
  return apiRequest<InventoryFileResult>(`/areas/${areaId}/upload_inventory_file/`, {
    method: 'POST',
    body,
    silent: true,
    timeoutMs: 60_000,
  });
};

export const useUploadInventoryFile = () => useSavingMutation(uploadInventoryFile, stockKeys.all);
