import type { PrintOrder } from '@rfid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { printKeys } from '../../print-wizard';

/** PUT /printer/print_orders/{id}/ {canceled: true}: stops a WORKING order between two labels. */
export const cancelPrintOrder = (id: number) =>
  apiRequest<PrintOrder>(`/printer/print_orders/${id}/`, { method: 'PUT', body: { canceled: true } });

export const useCancelPrintOrder = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelPrintOrder, onSettled: () => client.invalidateQueries({ queryKey: printKeys.all }) });
};
