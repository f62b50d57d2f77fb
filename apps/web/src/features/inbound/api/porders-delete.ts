import { apiRequest } from '../../../lib/api-client';
import { useSettledMutation } from '../../../lib/query-client';
import { inboundKeys } from '../keys';

/** DELETE /porders/{id}/: 409 once a box is verified. Silent: the dashboard shows the spec's own messages. */
export const deletePurchaseOrder = (id: number) => apiRequest<void>(`/porders/${id}/`, { method: 'DELETE', silent: true });

/** The list reloads afterwards, whatever the answer (spec section 8). */
export const useDeletePurchaseOrder = () => useSettledMutation(deletePurchaseOrder, inboundKeys.orders);
