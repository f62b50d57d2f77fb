import { notFound } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { PrintingRepository, PrintOrderRow, ScopedPrinter } from '../printing.repository.js';

/** Runs `work` in one transaction with the printing repository of that transaction (printing.repository.ts). */
export type InPrintingTransaction = <T>(work: (repo: PrintingRepository) => Promise<T>) => Promise<T>;

/** The print order when the user sees it, else a 404. */
export const loadOrder = async (repo: Pick<PrintingRepository, 'order'>, user: AuthUser, id: number): Promise<PrintOrderRow> => {
  const row = await repo.order(user, id);
  if (!row) throw notFound('print.order_not_found');
  return row;
};

/** The printer when it is in a location the user sees, else a 404. */
export const loadPrinter = async (
  repo: Pick<PrintingRepository, 'printer'>,
  user: AuthUser,
  id: number,
): Promise<ScopedPrinter> => {
  const printer = await repo.printer(user, id);
  if (!printer) throw notFound('admin.printer_not_found');
  return printer;
};

/** The company's tag format (a tag type and format pair with its filter value), else a 404. */
export const loadFormat = async (repo: Pick<PrintingRepository, 'companyFormat'>, user: AuthUser, id: number) => {
  const format = await repo.companyFormat(user.companyId, id);
  if (!format) throw notFound('print.tag_format_not_found');
  return format;
};
