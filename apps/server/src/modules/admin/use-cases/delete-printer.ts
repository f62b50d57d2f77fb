import type { VersionedWrite } from '../../../db/versions.js';
import { notFound } from '../../../http/errors.js';
import { assertFresh, writtenVersion } from '../../../http/versions.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { PrinterRow } from '../printers.repository.js';
import { PRINTER_CHANGED, PRINTER_NOT_FOUND } from './update-printer.js';

/** What deleting a printer reads and writes. */
export type DeletePrinterRepository = {
  get(user: AuthUser, id: number): Promise<PrinterRow | undefined>;
  /** Deletes it in one transaction whose first statement checks `expected` (when given) and locks the row. */
  remove(id: number, expected: number | undefined): Promise<VersionedWrite>;
};

export type DeletePrinterInput = {
  user: AuthUser;
  id: number;
  /** The version the deletion was asked from (If-Match); undefined: whatever the printer is now. */
  version: number | undefined;
};

/**
 * DELETE /api/printers/{id}/: print orders and labels keep their history without the printer. Asked from an older
 * version than the printer's (someone edited it since), nothing is deleted (409, docs/concurrency.md).
 */
export const createDeletePrinter =
  ({ repo }: { repo: DeletePrinterRepository }) =>
  async ({ user, id, version }: DeletePrinterInput): Promise<void> => {
    const current = await repo.get(user, id);
    if (!current) throw notFound(PRINTER_NOT_FOUND);
    assertFresh(version, current.version, PRINTER_CHANGED);
    writtenVersion(await repo.remove(id, version), { stale: PRINTER_CHANGED, notFound: () => notFound(PRINTER_NOT_FOUND) });
  };
