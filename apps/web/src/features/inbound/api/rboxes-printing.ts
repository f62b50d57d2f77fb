import type { PrintOrder } from '@rfid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { printKeys } from '../../print-wizard';

/** POST /rboxes/{id}/printing/ {printer_id}: a print order of the box's expected labels, printing (202). */
export const printBoxLabels = ({ boxId, printerId }: { boxId: number; printerId: number }) =>
  apiRequest<PrintOrder>(`/rboxes/${boxId}/printing/`, { method: 'POST', body: { printer_id: printerId }, silent: true });

export const usePrintBoxLabels = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: printBoxLabels, onSettled: () => client.invalidateQueries({ queryKey: printKeys.orders }) });
};
