import type { CatalogImport } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';
import { useSavingMutation } from '../../../lib/query-client';
import { catalogImportKeys } from '../keys';

/** POST /types/import/ multipart (field "file"): the upload; answers the import, queued. */
export const startCatalogImport = (file: File) => {
  const body = new FormData();
  body.append('file', file);
  // The page shows the refusal (what is wrong with the file) itself. A large file takes its time to upload.
  return apiRequest<CatalogImport>('/types/import/', { method: 'POST', body, silent: true, timeoutMs: 30 * 60_000 });
};

export const useStartCatalogImport = () => useSavingMutation(startCatalogImport, catalogImportKeys.all);
