import type { PrintOrder } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';
import { useSettledMutation } from '../../../lib/query-client';
import { printKeys } from '../../print-wizard';

/** POST /rboxes/{id}/printing/ {printer_id}: a print order of the box's expected labels, printing (202). */
export const printBoxLabels = ({ boxId, printerId }: { boxId: number; printerId: number }) =>
  apiRequest<PrintOrder>(`/rboxes/${boxId}/printing/`, { method: 'POST', body: { printer_id: printerId }, silent: true });

export const usePrintBoxLabels = () => useSettledMutation(printBoxLabels, printKeys.orders);
