import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import type { Printer } from './types';

/** GET /printer/printers/{id}/ */
export const getPrinter = (id: number, signal?: AbortSignal) =>
  apiRequest<Printer>(`/printer/printers/${id}/`, { silent: true, signal });

export const printerQueryOptions = (id: number) =>
  queryOptions({ queryKey: adminKeys.printer(id), queryFn: ({ signal }) => getPrinter(id, signal) });

export const usePrinter = (id: number) => useQuery({ ...printerQueryOptions(id), enabled: id > 0 });
