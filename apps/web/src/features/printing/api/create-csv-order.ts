import type { PrintOrder } from '@rfid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { printKeys } from '../../print-wizard';

/** POST /printer/print_orders/create_by_csv/ multipart {file, tag_company_format}. Silent: the form lists the errors. */
export const createCsvOrder = ({ file, format }: { file: File; format: number }) => {
  const form = new FormData();
  form.append('tag_company_format', String(format));
  form.append('file', file);
  return apiRequest<PrintOrder>('/printer/print_orders/create_by_csv/', {
    method: 'POST',
    body: form,
    silent: true,
    timeoutMs: 60_000,
  });
};

export const useCreateCsvOrder = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: createCsvOrder, onSuccess: () => client.invalidateQueries({ queryKey: printKeys.orders }) });
};
