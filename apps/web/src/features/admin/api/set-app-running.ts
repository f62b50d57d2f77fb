import { apiRequest } from '../../../lib/api-client';
import { nmsUrl, useNmsMutation } from './nms-client';

/** POST /nms/deviceapp/{id}/start/ or /stop/: the switch asks; the reader reports back. */
export const setAppRunning = ({ id, running }: { id: number; running: boolean }) =>
  apiRequest(nmsUrl(`/deviceapp/${id}/${running ? 'start' : 'stop'}/`), { method: 'POST', silent: true });

export const useSetAppRunning = () => useNmsMutation(setAppRunning);
