import type { PrintOrder, PrintOrderCreateBody } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';
import { useSavingMutation } from '../../../lib/query-client';
import { printKeys } from '../keys';

/** POST /printer/print_orders/: reserves every label's EPC. Silent: the forms show the spec's messages themselves. */
export const createPrintOrder = (body: PrintOrderCreateBody) =>
  apiRequest<PrintOrder>('/printer/print_orders/', { method: 'POST', body, silent: true, timeoutMs: 60_000 });

export const useCreatePrintOrder = () => useSavingMutation(createPrintOrder, printKeys.orders);
