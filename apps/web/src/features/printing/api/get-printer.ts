import type { Printer } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { printKeys } from '../../print-wizard';

/** GET /printer/printers/{id}/: the printer a file is uploaded to. */
export const getPrinter = (id: string) => apiRequest<Printer>(`/printer/printers/${id}/`, { silent: true });

export const printerQueryOptions = (id: string) =>
  queryOptions({ queryKey: printKeys.printer(id), queryFn: () => getPrinter(id), retry: false });

export const usePrinter = (id: string) => useQuery(printerQueryOptions(id));
