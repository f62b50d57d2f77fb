import type { PickAnswer, PickBody } from '@rfid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { replenishmentKeys } from '../keys';

/** POST /locations/{id}/replenishment/picks/: a line picked or skipped from the phone. */
export const recordPick = ({ locationId, body }: { locationId: number; body: PickBody }) =>
  apiRequest<PickAnswer>(`/locations/${locationId}/replenishment/picks/`, { method: 'POST', body });

/** Records a pick and reloads the pick list and the summary. */
export const useRecordPick = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: recordPick,
    onSuccess: () => client.invalidateQueries({ queryKey: replenishmentKeys.all }),
  });
};
