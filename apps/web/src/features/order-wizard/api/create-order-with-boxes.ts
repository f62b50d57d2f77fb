import { IDEMPOTENCY_KEY_HEADER, type OrderWithBoxes, type OrderWithBoxesCreateBody } from '@rfid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateOrderQueries } from './invalidate-orders';

export type CreateOrderWithBoxesInput = { body: OrderWithBoxesCreateBody; idempotencyKey: string };

/**
 * POST /orders-with-boxes/: the wizard's order with all its boxes in one transaction. The key is the wizard's draft: a
 * second click or a retry after a lost answer sends the same key and gets the same order back, never a second one.
 */
export const createOrderWithBoxes = ({ body, idempotencyKey }: CreateOrderWithBoxesInput) =>
  apiRequest<OrderWithBoxes>('/orders-with-boxes/', {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    silent: true,
    timeoutMs: 30_000,
  });

export const useCreateOrderWithBoxes = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: createOrderWithBoxes, onSuccess: () => invalidateOrderQueries(client) });
};
