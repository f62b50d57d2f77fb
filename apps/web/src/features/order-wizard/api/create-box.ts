import type { Box, BoxCreateBody } from '@rfid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateOrderQueries } from './invalidate-orders';

/**
 * POST /boxes/ with its contents ({quantity, gtin} lines, what POST /contents/ would add): one call,
 * one transaction, so a box is never left without its contents. 409 'Barcode already exists'.
 */
export const createBox = (body: BoxCreateBody) => apiRequest<Box>('/boxes/', { method: 'POST', body, silent: true });

export const useCreateBox = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: createBox, onSuccess: () => invalidateOrderQueries(client) });
};
