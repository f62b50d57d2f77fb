import type { FileUploadAnswer, PrintOrder } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';
import { useSettledMutation } from '../../../lib/query-client';
import { printKeys } from '../../print-wizard';

/** PUT /fileupload/ multipart {file}: the CSV becomes a pending print order; its code comes back. */
export const uploadPrintFile = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<FileUploadAnswer>('/fileupload/', { method: 'PUT', body: form, silent: true, timeoutMs: 60_000 });
};

/** POST /printcsv/ {code, printer_id}: prints the uploaded file's labels on the printer. */
export const printUploadedFile = (body: { code: string; printer_id: number }) =>
  apiRequest<PrintOrder>('/printcsv/', { method: 'POST', body, silent: true });

/** The printer upload: the file, then its printing on the printer. */
export const useUploadAndPrint = () =>
  useSettledMutation(async ({ file, printerId }: { file: File; printerId: number }) => {
    const uploaded = await uploadPrintFile(file);
    return printUploadedFile({ code: uploaded.filecode, printer_id: printerId });
  }, printKeys.orders);
