import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateOrderQueries } from './invalidate-orders';

/** DELETE /boxes/{id}/ (a box without verifications). Errors are only logged (spec section 8). */
export const deleteBox = (id: number) => apiRequest<void>(`/boxes/${id}/`, { method: 'DELETE', silent: true });

export const useDeleteBox = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteBox, onSuccess: () => invalidateOrderQueries(client) });
};
