import type { PrintOrder } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';
import { useSettledMutation } from '../../../lib/query-client';
import { printKeys } from '../../print-wizard';

/** POST /porders/{id}/printing/ {printer_id}: a print order of the order's expected labels, printing (202). */
export const printPurchaseOrderLabels = ({ orderId, printerId }: { orderId: number; printerId: number }) =>
  apiRequest<PrintOrder>(`/porders/${orderId}/printing/`, { method: 'POST', body: { printer_id: printerId }, silent: true });

export const usePrintPurchaseOrderLabels = () => useSettledMutation(printPurchaseOrderLabels, printKeys.orders);
