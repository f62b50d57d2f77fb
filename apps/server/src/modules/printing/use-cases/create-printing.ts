import type { printingCreateBodySchema, printingSchema } from '@rfid/contract';
import type { z } from 'zod';
import { parseDateParam } from '../../../http/dates.js';
import { conflict } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { PrintingRepository } from '../printing.repository.js';
import { type InPrintingTransaction, loadPrinter } from './print-order-scope.js';

export type CreatePrintingDeps = {
  repo: Pick<PrintingRepository, 'printer' | 'defaultCompanyFormatId'>;
  inTransaction: InPrintingTransaction;
};

/** POST /printings/: an empty print order for the printer (its labels come with /tprintings/). */
export const createPrinting = async (
  { repo, inTransaction }: CreatePrintingDeps,
  user: AuthUser,
  { printer_id, datetime }: z.output<typeof printingCreateBodySchema>,
): Promise<z.output<typeof printingSchema>> => {
  const printer = await loadPrinter(repo, user, printer_id);
  const tagCompanyFormatId = await repo.defaultCompanyFormatId(user.companyId);
  if (!tagCompanyFormatId) throw conflict('print.no_tag_format');
  const when = parseDateParam(datetime || undefined, 'datetime') ?? new Date();
  // The printing is the printer's location's: only who sees the printer sees it (none: every location).
  const id = await inTransaction(async (txRepo) => {
    const orderId = await txRepo.insertOrder({
      companyId: user.companyId,
      name: `${printer.description || 'Printer'} ${when.toISOString().slice(0, 16).replace('T', ' ')}`,
      tagCompanyFormatId,
      source: 'upload',
      printerId: printer.id,
      createdBy: user.id,
      creationDate: when,
    });
    await txRepo.insertOrderLocations(orderId, [printer.locationId]);
    return orderId;
  });
  return { id, printer_id: printer.id, datetime: when.toISOString() };
};
