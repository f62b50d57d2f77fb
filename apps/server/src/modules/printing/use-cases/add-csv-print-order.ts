import type { PrintOrder } from '@rfid/contract';
import type { AuthUser } from '../../../plugins/auth.js';
import { toPrintOrderDto } from '../printing.dto.js';
import { type CsvPrintOrderDeps, type CsvUploadInput, csvPrintOrder } from './csv-print-order.js';

/** POST /printer/print_orders/create_by_csv/: a print order of the uploaded CSV's rows in the format chosen. */
export const addCsvPrintOrder = async (deps: CsvPrintOrderDeps, user: AuthUser, input: CsvUploadInput): Promise<PrintOrder> =>
  toPrintOrderDto(await csvPrintOrder(deps, user, { ...input, source: 'csv' }));
