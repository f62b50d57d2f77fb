import type { PrintOrder, PrintOrderCreateBody } from '@rfid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { printKeys } from '../keys';

/** POST /printer/print_orders/: reserves every label's EPC. Silent: the forms show the spec's messages themselves. */
export const createPrintOrder = (body: PrintOrderCreateBody) =>
  apiRequest<PrintOrder>('/printer/print_orders/', { method: 'POST', body, silent: true, timeoutMs: 60_000 });

export const useCreatePrintOrder = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: createPrintOrder, onSuccess: () => client.invalidateQueries({ queryKey: printKeys.orders }) });
};
