import { type PrintOrderSource, parsePrintCsv } from '@rfid/contract';
import { AppError, fieldError } from '../../../http/errors.js';
import { fromEnglish } from '../../../i18n/translate.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { PrintingRepository, PrintOrderRow } from '../printing.repository.js';
import { type CreatePrintOrderDeps, createPrintOrder } from './create-print-order.js';
import { loadOrder } from './print-order-scope.js';

export type CsvPrintOrderDeps = CreatePrintOrderDeps & { repo: Pick<PrintingRepository, 'order'> };

export type CsvUploadInput = { fileName: string; text: string; tagCompanyFormatId: number };

/** A print order of a CSV of gtin and quantity rows (every problem of the file a 400 on `file`), named after the file. */
export const csvPrintOrder = async (
  deps: CsvPrintOrderDeps,
  user: AuthUser,
  { fileName, text, tagCompanyFormatId, source }: CsvUploadInput & { source: PrintOrderSource },
): Promise<PrintOrderRow> => {
  const { rows, problems } = parsePrintCsv(text);
  if (problems.length) {
    throw new AppError('VALIDATION', {
      message: fromEnglish(problems[0]?.message ?? ''),
      errors: { file: problems.map((p) => fromEnglish(p.message)) },
    });
  }
  if (rows.length === 0) throw fieldError('file', 'print.file_no_rows');
  const id = await createPrintOrder(deps, user, {
    tagCompanyFormatId,
    items: rows.map((r) => ({ gtin: r.gtin, quantity: r.quantity })),
    name: fileName.replace(/\.csv$/i, '').slice(0, 120),
    locations: [],
    brand: null,
    source,
    fieldOf: () => 'file',
  });
  return loadOrder(deps.repo, user, id);
};
