import type { FileUploadAnswer } from '@rfid/contract';
import { conflict } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { PrintingRepository } from '../printing.repository.js';
import { type CsvPrintOrderDeps, type CsvUploadInput, csvPrintOrder } from './csv-print-order.js';

export type UploadPrintCsvDeps = CsvPrintOrderDeps & { repo: Pick<PrintingRepository, 'defaultCompanyFormatId'> };

/** PUT /fileupload/: the CSV becomes a pending print order (the company's first format unless one is named). */
export const uploadPrintCsv = async (
  deps: UploadPrintCsvDeps,
  user: AuthUser,
  input: Omit<CsvUploadInput, 'tagCompanyFormatId'> & { tagCompanyFormatId?: number },
): Promise<FileUploadAnswer> => {
  const tagCompanyFormatId = input.tagCompanyFormatId ?? (await deps.repo.defaultCompanyFormatId(user.companyId));
  if (!tagCompanyFormatId) throw conflict('print.no_tag_format');
  const order = await csvPrintOrder(deps, user, {
    fileName: input.fileName,
    text: input.text,
    tagCompanyFormatId,
    source: 'upload',
  });
  return { filecode: String(order.id), print_order: order.id, total_quantity: order.total_quantity };
};
