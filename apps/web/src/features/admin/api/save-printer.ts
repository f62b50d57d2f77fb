import { apiRequest } from '../../../lib/api-client';
import { useSavingMutation } from '../../../lib/query-client';
import { adminKeys } from './admin-keys';
import type { Printer, PrinterCreateBody } from './types';

/** POST /printer/printers/ or PUT /printer/printers/{id}/. */
export const savePrinter = ({ id, body }: { id?: number; body: PrinterCreateBody }) =>
  apiRequest<Printer>(id ? `/printer/printers/${id}/` : '/printer/printers/', {
    method: id ? 'PUT' : 'POST',
    body,
    silent: true,
  });

export const useSavePrinter = () => useSavingMutation(savePrinter, adminKeys.printers);
