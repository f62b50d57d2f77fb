import type { CreateItemTypeBody, ItemType } from '@rfid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { catalogKeys } from '../keys';

/** POST /types/: a new GTIN of the catalog. Errors are shown by the dialog, not the notifier. */
export const createGtin = (input: CreateItemTypeBody) =>
  apiRequest<ItemType>('/types/', { method: 'POST', body: input, silent: true });

export const useCreateGtin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGtin,
    // Searches of the catalog (the order wizards' GTIN fields) see the new GTIN at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
  });
};
