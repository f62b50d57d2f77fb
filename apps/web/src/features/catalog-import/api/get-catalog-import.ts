import { type CatalogImport, ImportState } from '@rfid/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { catalogImportKeys } from '../keys';

/** How often an import under way is asked for its progress. */
export const PROGRESS_POLL_MS = 1_500;

export const isFinished = (row: Pick<CatalogImport, 'state'>): boolean =>
  row.state === ImportState.Succeeded || row.state === ImportState.Failed;

/** GET /types/import/{id}/: one import and its progress, asked again every 1.5 s until it ends. */
export const catalogImportQuery = (id: number) =>
  queryOptions({
    queryKey: catalogImportKeys.one(id),
    queryFn: ({ signal }) => apiRequest<CatalogImport>(`/types/import/${id}/`, { signal }),
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data) ? false : PROGRESS_POLL_MS),
    staleTime: 0,
  });
