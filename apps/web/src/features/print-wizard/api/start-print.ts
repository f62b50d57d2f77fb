import type { PrintBody, PrintOrder } from '@rfid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { printKeys } from '../keys';

/** POST /printer/print/ {print_order, printer, from, to}: the job starts (202, WORKING); no from/to prints all. */
export const startPrint = (body: PrintBody) => apiRequest<PrintOrder>('/printer/print/', { method: 'POST', body, silent: true });

export const useStartPrint = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: startPrint, onSettled: () => client.invalidateQueries({ queryKey: printKeys.orders }) });
};
