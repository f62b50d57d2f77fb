import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** DELETE /printers/{id}/ */
export const deletePrinter = (id: number) => apiRequest(`/printers/${id}/`, { method: 'DELETE' });

export const useDeletePrinter = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePrinter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.printers }),
  });
};
