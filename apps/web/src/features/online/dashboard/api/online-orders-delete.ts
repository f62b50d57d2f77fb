import { apiRequest } from '../../../../lib/api-client';
import { useSettledMutation } from '../../../../lib/query-client';
import { onlineKeys } from '../../keys';

/** DELETE /orders/{id}/: 409 once a box is verified. Silent: the dashboard shows the spec's own messages. */
export const deleteOnlineOrder = (id: number) => apiRequest<void>(`/orders/${id}/`, { method: 'DELETE', silent: true });

/** The list reloads afterwards, whatever the answer (spec section 8). */
export const useDeleteOnlineOrder = () => useSettledMutation(deleteOnlineOrder, onlineKeys.orders);
