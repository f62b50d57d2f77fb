import { foundOr } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { PrintingRepository, PrintOrderRow, ScopedPrinter } from '../printing.repository.js';

/** Runs `work` in one transaction with the printing repository of that transaction (printing.repository.ts). */
export type InPrintingTransaction = <T>(work: (repo: PrintingRepository) => Promise<T>) => Promise<T>;

/** The print order when the user sees it, else a 404. */
export const loadOrder = async (repo: Pick<PrintingRepository, 'order'>, user: AuthUser, id: number): Promise<PrintOrderRow> => {
  return foundOr(repo.order(user, id), 'print.order_not_found');
};

/** The printer when it is in a location the user sees, else a 404. */
export const loadPrinter = async (
  repo: Pick<PrintingRepository, 'printer'>,
  user: AuthUser,
  id: number,
): Promise<ScopedPrinter> => {
  return foundOr(repo.printer(user, id), 'admin.printer_not_found');
};

/** The company's tag format (a tag type and format pair with its filter value), else a 404. */
export const loadFormat = async (repo: Pick<PrintingRepository, 'companyFormat'>, user: AuthUser, id: number) => {
  return foundOr(repo.companyFormat(user.companyId, id), 'print.tag_format_not_found');
};
