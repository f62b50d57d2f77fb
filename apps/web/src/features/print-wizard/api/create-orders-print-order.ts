import type { PrintOrder, PrintOrdersFromOrdersBody } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';
import { useSavingMutation } from '../../../lib/query-client';
import { printKeys } from '../keys';

/**
 * POST /printer/print_orders/create_by_orders/ {orders, tag_company_format}: one print order of the ticked purchase
 * orders' expected labels (summed per GTIN), every EPC reserved. Silent: the wizard shows the error itself.
 */
export const createOrdersPrintOrder = (body: PrintOrdersFromOrdersBody) =>
  apiRequest<PrintOrder>('/printer/print_orders/create_by_orders/', { method: 'POST', body, silent: true, timeoutMs: 60_000 });

export const useCreateOrdersPrintOrder = () => useSavingMutation(createOrdersPrintOrder, printKeys.orders);
