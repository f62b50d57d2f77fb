import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import type { CreatedReader, Reader, ReaderCreateBody, ReaderUpdateBody } from './types';

/** POST /readers/: answers the new reader with its device key (shown once). */
export const createReader = (body: ReaderCreateBody) =>
  apiRequest<CreatedReader>('/readers/', { method: 'POST', body, silent: true });

/** PUT /readers/{id}/: the full form, or only the working mode or reader type (from the list). */
export const updateReader = ({ id, body }: { id: number; body: ReaderUpdateBody }) =>
  apiRequest<Reader>(`/readers/${id}/`, { method: 'PUT', body: { id, ...body }, silent: true });

export const useCreateReader = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReader,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.readers }),
  });
};

export const useUpdateReader = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReader,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.readers }),
  });
};
