import type { Printer } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { printKeys } from '../../print-wizard';

/** GET /printer/printers/{id}/: the printer a file is uploaded to. */
export const getPrinter = (id: string, signal?: AbortSignal) =>
  apiRequest<Printer>(`/printer/printers/${id}/`, { silent: true, signal });

export const printerQueryOptions = (id: string) =>
  queryOptions({ queryKey: printKeys.printer(id), queryFn: ({ signal }) => getPrinter(id, signal), retry: false });

export const usePrinter = (id: string) => useQuery(printerQueryOptions(id));
