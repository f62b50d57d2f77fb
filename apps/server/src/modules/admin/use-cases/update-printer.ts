import type { Printer, printerUpdateBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { VersionedWrite } from '../../../db/versions.js';
import { notFound } from '../../../http/errors.js';
import { assertFresh, writtenVersion } from '../../../http/versions.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { PrinterAddressPolicy } from '../../printing/printer-address.js';
import type { ScopedArea } from '../admin-scope.js';
import type { PrinterRow, PrinterValues } from '../printers.repository.js';
import { printerValues, toPrinterDto } from '../printers.service.js';

export const PRINTER_CHANGED = 'admin.printer_changed';
export const PRINTER_NOT_FOUND = 'admin.printer_not_found';

/** What editing a printer reads and writes. */
export type UpdatePrinterRepository = {
  get(user: AuthUser, id: number): Promise<PrinterRow | undefined>;
  area(user: AuthUser, areaId: number): Promise<ScopedArea>;
  /** One statement: the values and version + 1, only from `expected` when given. */
  update(id: number, values: PrinterValues, expected: number | undefined): Promise<VersionedWrite>;
};

export type UpdatePrinterInput = {
  user: AuthUser;
  id: number;
  body: z.output<typeof printerUpdateBodySchema>;
  /** The version the edit was made from (If-Match or the body's); undefined: unconditional. */
  version: number | undefined;
};

/** PUT /api/printer/printers/{id}/: an edit made from an older version changes nothing (409, docs/concurrency.md). */
export const createUpdatePrinter =
  ({ repo, addresses }: { repo: UpdatePrinterRepository; addresses: PrinterAddressPolicy }) =>
  async ({ user, id, body, version }: UpdatePrinterInput): Promise<Printer> => {
    const current = await repo.get(user, id);
    if (!current) throw notFound(PRINTER_NOT_FOUND);
    assertFresh(version, current.version, PRINTER_CHANGED);
    const values = await printerValues({ area: (who, areaId) => repo.area(who, areaId), addresses }, user, body);
    writtenVersion(await repo.update(id, values, version), {
      stale: PRINTER_CHANGED,
      notFound: () => notFound(PRINTER_NOT_FOUND),
    });
    const updated = await repo.get(user, id);
    if (!updated) throw notFound(PRINTER_NOT_FOUND);
    return toPrinterDto(updated);
  };
