import { apiRequest } from '../../../lib/api-client';
import { useSavingMutation } from '../../../lib/query-client';
import { adminKeys } from './admin-keys';
import type { CreatedReader, Reader, ReaderCreateBody, ReaderUpdateBody } from './types';

/** POST /readers/: answers the new reader with its device key (shown once). */
export const createReader = (body: ReaderCreateBody) =>
  apiRequest<CreatedReader>('/readers/', { method: 'POST', body, silent: true });

/**
 * PUT /readers/{id}/: the full form, or only the working mode or reader type (from the list). With `version` (the one
 * the form loaded) the server refuses the edit when someone else changed the reader since (409).
 */
export const updateReader = ({ id, body, version }: { id: number; body: ReaderUpdateBody; version?: number }) =>
  apiRequest<Reader>(`/readers/${id}/`, { method: 'PUT', body: { id, ...body }, silent: true, ifMatch: version });

export const useCreateReader = () => useSavingMutation(createReader, adminKeys.readers);

export const useUpdateReader = () => useSavingMutation(updateReader, adminKeys.readers);
