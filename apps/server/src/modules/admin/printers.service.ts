import type { Printer, printerCreateBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { fieldError, notFound } from '../../http/errors.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { isAllowedPrinterAddress, PRINTER_ADDRESS_REFUSED, type PrinterAddressPolicy } from '../printing/printer-address.js';
import { requireArea } from './admin-scope.js';
import type { PrinterRow, PrintersRepository, PrinterValues } from './printers.repository.js';

export const toPrinterDto = (row: PrinterRow): Printer => ({
  id: row.id,
  description: row.description,
  mac: row.mac,
  ip_address: row.ipAddress,
  port: row.port,
  location_area: { id: row.areaId, description: row.areaDescription },
  location_id: row.locationId,
  location_description: row.locationDescription,
  serial_number: row.serialNumber,
  dpi: row.dpi,
});

type Body = Omit<z.output<typeof printerCreateBodySchema>, 'dpi'> & { dpi?: number };

export const createPrintersService = ({
  db,
  repo,
  addresses,
}: {
  db: Db;
  repo: PrintersRepository;
  /** Where a printer may be (never this host unless allowed, never link-local). */
  addresses: PrinterAddressPolicy;
}) => {
  const load = async (user: AuthUser, id: number) => {
    const row = await repo.get(user, id);
    if (!row) throw notFound('admin.printer_not_found');
    return row;
  };
  /** The printer's location is its area's; the area must be in a location the user may see. */
  const values = async (user: AuthUser, body: Body): Promise<PrinterValues> => {
    const area = await requireArea(db, user, body.location_area);
    if (!isAllowedPrinterAddress(body.ip_address, addresses)) throw fieldError('ip_address', PRINTER_ADDRESS_REFUSED);
    return {
      description: body.description,
      mac: body.mac,
      ipAddress: body.ip_address,
      port: body.port,
      areaId: area.id,
      locationId: area.locationId,
      serialNumber: body.serial_number,
      ...(body.dpi === undefined ? {} : { dpi: body.dpi }),
    };
  };
  return {
    async list(user: AuthUser, query: Record<string, unknown>, page: PageParams) {
      const { count, rows } = await repo.list(user, query, page);
      return { count, rows: rows.map(toPrinterDto) };
    },
    get: async (user: AuthUser, id: number) => toPrinterDto(await load(user, id)),
    async create(user: AuthUser, body: Body) {
      const id = await repo.insert(user.companyId, await values(user, body));
      return toPrinterDto(await load(user, id));
    },
    async update(user: AuthUser, id: number, body: Body) {
      await load(user, id);
      await repo.update(id, await values(user, body));
      return toPrinterDto(await load(user, id));
    },
    async remove(user: AuthUser, id: number) {
      await load(user, id);
      await repo.remove(id);
    },
  };
};
