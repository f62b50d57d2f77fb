import type { ExitAlarm, ExitAlarmResolveBody } from '@rfid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { exitAlarmsKeys } from '../keys';

/** POST /exit_alarms/{id}/resolve/: false alarm, recovered or lost (the item becomes UNKNOWN, in no area). */
export const resolveExitAlarm = ({ id, body }: { id: number; body: ExitAlarmResolveBody }) =>
  apiRequest<ExitAlarm>(`/exit_alarms/${id}/resolve/`, { method: 'POST', body });

/** Resolves an alarm; the alarms' list and count refetch (a lost item changes the stock too: the live stream says so). */
export const useResolveExitAlarm = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveExitAlarm,
    onSettled: () => queryClient.invalidateQueries({ queryKey: exitAlarmsKeys.all }),
  });
};
