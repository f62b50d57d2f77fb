import type { Printer, printerCreateBodySchema, printerListQuerySchema } from '@rfid/contract';
import type { z } from 'zod';
import { fieldError, foundOr } from '../../http/errors.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { isAllowedPrinterAddress, PRINTER_ADDRESS_REFUSED, type PrinterAddressPolicy } from '../printing/printer-address.js';
import type { ScopedArea } from './admin-scope.js';
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
  version: row.version,
});

type Body = Omit<z.output<typeof printerCreateBodySchema>, 'dpi'> & { dpi?: number };

/**
 * A printer's columns from its form: its location is its area's (an area of a location the user may see), its address
 * one the policy allows.
 */
export const printerValues = async (
  { area, addresses }: { area: (user: AuthUser, areaId: number) => Promise<ScopedArea>; addresses: PrinterAddressPolicy },
  user: AuthUser,
  body: Body,
): Promise<PrinterValues> => {
  const scoped = await area(user, body.location_area);
  if (!isAllowedPrinterAddress(body.ip_address, addresses, body.port)) throw fieldError('ip_address', PRINTER_ADDRESS_REFUSED);
  return {
    description: body.description,
    mac: body.mac,
    ipAddress: body.ip_address,
    port: body.port,
    areaId: scoped.id,
    locationId: scoped.locationId,
    serialNumber: body.serial_number,
    ...(body.dpi === undefined ? {} : { dpi: body.dpi }),
  };
};

export const createPrintersService = ({
  repo,
  addresses,
}: {
  repo: PrintersRepository;
  /** Where a printer may be (never this host unless allowed, never link-local). */
  addresses: PrinterAddressPolicy;
}) => {
  const load = (user: AuthUser, id: number) => foundOr(repo.get(user, id), 'admin.printer_not_found');
  return {
    async list(user: AuthUser, query: z.output<typeof printerListQuerySchema>, page: PageParams) {
      const { count, rows } = await repo.list(user, query, page);
      return { count, rows: rows.map(toPrinterDto) };
    },
    get: async (user: AuthUser, id: number) => toPrinterDto(await load(user, id)),
    async create(user: AuthUser, body: Body) {
      const id = await repo.insert(user.companyId, await printerValues({ area: repo.area, addresses }, user, body));
      return toPrinterDto(await load(user, id));
    },
  };
};
