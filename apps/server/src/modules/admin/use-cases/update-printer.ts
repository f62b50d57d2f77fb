import type { Printer, printerUpdateBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { VersionedWrite } from '../../../db/versions.js';
import { requireFound, requireFresh, type VersionedEdit, type VersionMessages, writtenVersion } from '../../../http/versions.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { PrinterAddressPolicy } from '../../printing/printer-address.js';
import type { ScopedArea } from '../admin-scope.js';
import type { PrinterRow, PrinterValues } from '../printers.repository.js';
import { printerValues, toPrinterDto } from '../printers.service.js';

export const PRINTER_CHANGED = 'admin.printer_changed';
/** A printer someone else changed (409), or one the user may not see (404). */
export const PRINTER_MESSAGES: VersionMessages = { stale: PRINTER_CHANGED, missing: 'admin.printer_not_found' };

/** What editing a printer reads and writes. */
export type UpdatePrinterRepository = {
  get(user: AuthUser, id: number): Promise<PrinterRow | undefined>;
  area(user: AuthUser, areaId: number): Promise<ScopedArea>;
  /** One statement: the values and version + 1, only from `expected` when given. */
  update(id: number, values: PrinterValues, expected: number | undefined): Promise<VersionedWrite>;
};

export type UpdatePrinterInput = VersionedEdit<z.output<typeof printerUpdateBodySchema>>;

/** PUT /api/printer/printers/{id}/: an edit made from an older version changes nothing (409, docs/concurrency.md). */
export const createUpdatePrinter =
  ({ repo, addresses }: { repo: UpdatePrinterRepository; addresses: PrinterAddressPolicy }) =>
  async ({ user, id, body, version }: UpdatePrinterInput): Promise<Printer> => {
    requireFresh(await repo.get(user, id), version, PRINTER_MESSAGES);
    const values = await printerValues({ area: (who, areaId) => repo.area(who, areaId), addresses }, user, body);
    writtenVersion(await repo.update(id, values, version), PRINTER_MESSAGES);
    return toPrinterDto(requireFound(await repo.get(user, id), PRINTER_MESSAGES));
  };
