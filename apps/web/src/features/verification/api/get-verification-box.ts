import type { Box } from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { liveRecordQueryOptions } from '../../../lib/query-client';
import type { OrderKind } from '../../orders';
import { verificationKeys } from '../keys';

/**
 * The box whose verifications are shown, seen from the kind's side (unprefixed status and counts):
 * GET /rboxes/{id}/ (purchase, destination), /orders/{orderId}/boxes/{id}/ (online, origin) or
 * /morders/{orderId}/boxes/{id}/?side=exit|entry. The last two answer 404 for a box of another order.
 */
export const getVerificationBox = (kind: OrderKind, orderId: string | number, boxId: string | number, signal?: AbortSignal) => {
  switch (kind) {
    case 'purchase':
      return apiRequest<Box>(`/rboxes/${boxId}/`, { signal });
    case 'online':
      return apiRequest<Box>(`/orders/${orderId}/boxes/${boxId}/`);
    case 'exit':
    case 'entry':
      return apiRequest<Box>(`/morders/${orderId}/boxes/${boxId}/`, { query: { side: kind } });
  }
};

export const verificationBoxQueryOptions = (kind: OrderKind, orderId: string | number, boxId: string | number) =>
  liveRecordQueryOptions(verificationKeys.orderBox(kind, orderId, boxId), (signal) =>
    getVerificationBox(kind, orderId, boxId, signal),
  );

export const useVerificationBox = (kind: OrderKind, orderId: string | number, boxId: string | number) =>
  useQuery(verificationBoxQueryOptions(kind, orderId, boxId));
