import type { Printer } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { printKeys } from '../../../components/print-wizard/api/print-keys';
import { apiRequest } from '../../../lib/api-client';

/** GET /printer/printers/{id}/: the printer a file is uploaded to. */
export const getPrinter = (id: string) => apiRequest<Printer>(`/printer/printers/${id}/`, { silent: true });

export const printerQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...printKeys.printers, 'one', id] as const, queryFn: () => getPrinter(id), retry: false });

export const usePrinter = (id: string) => useQuery(printerQueryOptions(id));
