import { apiRequest } from '../../../lib/api-client';
import { useSavingMutation } from '../../../lib/query-client';
import { adminKeys } from './admin-keys';
import type { Printer, PrinterCreateBody } from './types';

/** POST /printer/printers/ or PUT /printer/printers/{id}/ (from `version`: 409 when someone else changed it since). */
export const savePrinter = ({ id, body, version }: { id?: number; body: PrinterCreateBody; version?: number }) =>
  apiRequest<Printer>(id ? `/printer/printers/${id}/` : '/printer/printers/', {
    method: id ? 'PUT' : 'POST',
    body,
    silent: true,
    ifMatch: id ? version : undefined,
  });

export const useSavePrinter = () => useSavingMutation(savePrinter, adminKeys.printers);
