import type { PrintOrder } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';
import { useSavingMutation } from '../../../lib/query-client';
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

export const useCreateCsvOrder = () => useSavingMutation(createCsvOrder, printKeys.orders);
