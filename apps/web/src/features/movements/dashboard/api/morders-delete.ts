import { apiRequest } from '../../../../lib/api-client';
import { useSettledMutation } from '../../../../lib/query-client';
import { movementsKeys } from '../../keys';

/** DELETE /v1/morders/{id}/: only with no verified box on either side, else 409. Silent: the dashboard shows the spec's messages. */
export const deleteMovement = (id: number) => apiRequest<void>(`/v1/morders/${id}/`, { method: 'DELETE', silent: true });

/** The list reloads afterwards, whatever the answer (spec section 8). */
export const useDeleteMovement = () => useSettledMutation(deleteMovement, movementsKeys.all);
