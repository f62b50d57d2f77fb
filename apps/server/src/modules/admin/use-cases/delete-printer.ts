import type { VersionedWrite } from '../../../db/versions.js';
import { requireFresh, type VersionedTarget, writtenVersion } from '../../../http/versions.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { PrinterRow } from '../printers.repository.js';
import { PRINTER_MESSAGES } from './update-printer.js';

/** What deleting a printer reads and writes. */
export type DeletePrinterRepository = {
  get(user: AuthUser, id: number): Promise<PrinterRow | undefined>;
  /** Deletes it in one transaction whose first statement checks `expected` (when given) and locks the row. */
  remove(id: number, expected: number | undefined): Promise<VersionedWrite>;
};

/** The version is the one the deletion was asked from (If-Match); undefined: the printer as it is now. */
export type DeletePrinterInput = VersionedTarget;

/**
 * DELETE /api/printers/{id}/: print orders and labels keep their history without the printer. Asked from an older
 * version than the printer's (someone edited it since), nothing is deleted (409, docs/concurrency.md).
 */
export const createDeletePrinter =
  ({ repo }: { repo: DeletePrinterRepository }) =>
  async ({ user, id, version }: DeletePrinterInput): Promise<void> => {
    requireFresh(await repo.get(user, id), version, PRINTER_MESSAGES);
    writtenVersion(await repo.remove(id, version), PRINTER_MESSAGES);
  };
