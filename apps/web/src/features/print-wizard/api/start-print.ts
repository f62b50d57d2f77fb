import type { PrintBody, PrintOrder } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';
import { useSettledMutation } from '../../../lib/query-client';
import { printKeys } from '../keys';

/** POST /printer/print/ {print_order, printer, from, to}: the job starts (202, WORKING); no from/to prints all. */
export const startPrint = (body: PrintBody) => apiRequest<PrintOrder>('/printer/print/', { method: 'POST', body, silent: true });

export const useStartPrint = () => useSettledMutation(startPrint, printKeys.orders);
