import type { PrintOrder, printOrdersFromOrdersBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { AuthUser } from '../../../plugins/auth.js';
import { toPrintOrderDto } from '../printing.dto.js';
import type { PrintingRepository } from '../printing.repository.js';
import { loadOrder } from './print-order-scope.js';

export type AddPrintOrderFromOrdersDeps = {
  repo: Pick<PrintingRepository, 'order'>;
  /** One print order of several purchase orders' expected labels (expected-labels.service.ts). */
  ordersPrintOrder: (user: AuthUser, orderIds: number[], tagCompanyFormatId: number) => Promise<number>;
};

/** POST /printer/print_orders/create_by_orders/: one print order of the ticked purchase orders' expected labels. */
export const addPrintOrderFromOrders = async (
  { repo, ordersPrintOrder }: AddPrintOrderFromOrdersDeps,
  user: AuthUser,
  body: z.output<typeof printOrdersFromOrdersBodySchema>,
): Promise<PrintOrder> =>
  toPrintOrderDto(await loadOrder(repo, user, await ordersPrintOrder(user, body.orders, body.tag_company_format)));
