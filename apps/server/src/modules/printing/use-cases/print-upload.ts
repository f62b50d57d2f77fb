import { intId, type PrintOrder, type printCsvBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import { fieldError, notFound } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { type StartPrintDeps, startPrint } from './start-print.js';

/** POST /printcsv/: the uploaded file's order, every label, on the printer. */
export const printUpload = async (
  deps: StartPrintDeps,
  user: AuthUser,
  { code, printer_id }: z.output<typeof printCsvBodySchema>,
): Promise<PrintOrder> => {
  // The file code is the print order's id: anything that cannot be one is a 400 on `code` (never a query out of range).
  const parsed = intId().safeParse(code);
  if (!parsed.success) throw fieldError('code', 'print.not_upload_code');
  if (!(await deps.repo.order(user, parsed.data))) throw notFound('print.file_not_found');
  return startPrint(deps, user, { orderId: parsed.data, printerId: printer_id });
};
