import type { PrintProgress } from '@rfid/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { printKeys } from '../../print-wizard';

/** GET /printer/print_orders/{id}/printer_progress/: labels printed, the running job and its error. */
export const getPrintProgress = (id: number, signal?: AbortSignal) =>
  apiRequest<PrintProgress>(`/printer/print_orders/${id}/printer_progress/`, { silent: true, signal });

export const printProgressQueryOptions = (id: number, isWorking: boolean) =>
  queryOptions({
    queryKey: printKeys.progress(id),
    queryFn: ({ signal }) => getPrintProgress(id, signal),
    enabled: isWorking,
    refetchInterval: isWorking ? 1_000 : false,
  });

/**
 * The live progress of a WORKING order, polled every second while it works; when the job ends the lists reload
 * (state, progress and next label change together).
 */
export const useLivePrintProgress = (id: number, isWorking: boolean) => {
  const client = useQueryClient();
  const query = useQuery(printProgressQueryOptions(id, isWorking));
  const state = query.data?.state;
  const last = useRef(state);
  useEffect(() => {
    if (last.current === 'WORKING' && state && state !== 'WORKING') void client.invalidateQueries({ queryKey: printKeys.orders });
    last.current = state;
  }, [state, client]);
  return isWorking ? query.data : undefined;
};
