import type { ErpSnapshotDetail } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';
import { useSavingMutation } from '../../../lib/query-client';
import { erpKeys } from '../keys';

/** POST /erp/stock/ multipart (field "file"): an ERP stock snapshot; bad rows come back with their reason. */
export const uploadErpStock = (file: File) => {
  const body = new FormData();
  body.append('file', file);
  // The page shows the answer (and a refusal) itself.
  return apiRequest<ErpSnapshotDetail>('/erp/stock/', { method: 'POST', body, silent: true, timeoutMs: 300_000 });
};

export const useUploadErpStock = () => useSavingMutation(uploadErpStock, erpKeys.all);
