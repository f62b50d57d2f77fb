import type { MovementOrder } from '@rfid/contract';
import { apiRequest } from '../../../../lib/api-client';
import { useSettledMutation } from '../../../../lib/query-client';
import { movementsKeys } from '../../keys';

/**
 * PUT /morders/{id}/ {destination_status: 4}: cancels the entry when the origin verified boxes and
 * the destination none, else 409. Silent: the dashboard shows the spec's messages.
 */
export const cancelMovementEntry = (id: number) =>
  apiRequest<MovementOrder>(`/morders/${id}/`, { method: 'PUT', body: { destination_status: 4 }, silent: true });

export const useCancelMovementEntry = () => useSettledMutation(cancelMovementEntry, movementsKeys.all);
