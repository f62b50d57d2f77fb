import type { PrintOrder } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';
import { useSettledMutation } from '../../../lib/query-client';
import { printKeys } from '../../print-wizard';

/** PUT /printer/print_orders/{id}/ {canceled: true}: stops a WORKING order between two labels. */
export const cancelPrintOrder = (id: number) =>
  apiRequest<PrintOrder>(`/printer/print_orders/${id}/`, { method: 'PUT', body: { canceled: true } });

export const useCancelPrintOrder = () => useSettledMutation(cancelPrintOrder, printKeys.all);
