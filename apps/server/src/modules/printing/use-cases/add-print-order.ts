import type { PrintOrder, printOrderCreateBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { AuthUser } from '../../../plugins/auth.js';
import { toPrintOrderDto } from '../printing.dto.js';
import type { PrintingRepository } from '../printing.repository.js';
import { type CreatePrintOrderDeps, createPrintOrder } from './create-print-order.js';
import { loadOrder } from './print-order-scope.js';

export type AddPrintOrderDeps = CreatePrintOrderDeps & { repo: Pick<PrintingRepository, 'order'> };

/** POST /printer/print_orders/: a print order of the GTINs and quantities typed, every EPC reserved. */
export const addPrintOrder = async (
  deps: AddPrintOrderDeps,
  user: AuthUser,
  body: z.output<typeof printOrderCreateBodySchema>,
): Promise<PrintOrder> => {
  const id = await createPrintOrder(deps, user, {
    tagCompanyFormatId: body.tag_company_format,
    items: body.items,
    name: body.name ?? '',
    locations: body.locations ?? [],
    brand: body.brand ?? null,
    source: body.source ?? 'manual',
    fieldOf: (index) => `items.${index}.gtin`,
  });
  return toPrintOrderDto(await loadOrder(deps.repo, user, id));
};
