import { conflict, notFound } from '../../http/errors.js';
import { msg } from '../../i18n/messages.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { PrintingRepository } from './printing.repository.js';
import type { NewOrder } from './use-cases/create-print-order.js';

/** A print order's name is at most 120 characters (the contract's `name`). */
const NAME_MAX = 120;

/** The order codes as one print order's name: "PO-1, PO-2", cut with an ellipsis past the name's length. */
export const ordersPrintName = (codes: string[]): string => {
  const name = codes.join(', ');
  return name.length <= NAME_MAX ? name : `${name.slice(0, NAME_MAX - 1)}…`;
};

/**
 * Print orders of the labels purchase orders expect ("tick for printing", spec: inbound dashboard): one order's or one
 * box's (POST /porders/{id}/printing/, /rboxes/{id}/printing/, NiceLabel), or several orders' in one print order (the
 * dashboard's ticked rows, POST /printer/print_orders/create_by_orders/). The GTINs are summed over the boxes.
 */
export const createExpectedLabelsService = ({
  repo,
  createOrder,
}: {
  repo: PrintingRepository;
  createOrder: (user: AuthUser, order: NewOrder) => Promise<number>;
}) => {
  type Found = { orderId: number; orderCode: string; originLocationId: number | null; destinationLocationId: number | null };

  /** The print order of what the orders (or the box) expect, for each order at the first of its two locations the user sees. */
  const fromExpected = async (
    user: AuthUser,
    found: Found[],
    target: { orderIds: number[] } | { boxId: number },
    order: Pick<NewOrder, 'name' | 'tagCompanyFormatId' | 'printerId' | 'fieldOf'>,
  ): Promise<number> => {
    const rows = await repo.expectedContents(target);
    if (rows.length === 0) throw conflict('print.nothing_expected');
    const locations: number[] = [];
    for (const one of found) {
      const candidates = [one.destinationLocationId, one.originLocationId].filter((id): id is number => id !== null);
      const [location] = await repo.visibleLocationIds(user, candidates);
      if (location !== undefined) locations.push(location);
    }
    return createOrder(user, {
      ...order,
      items: rows.map((r) => ({ gtin: r.gtin, quantity: r.quantity })),
      locations,
      brand: null,
      source: 'order',
    });
  };

  return {
    /** A print order (not printing) of the expected labels of a purchase order's boxes, or of one box, in the company's default format. */
    async expectedPrintOrder(user: AuthUser, target: { orderId: number } | { boxId: number }, printerId?: number) {
      const [found] =
        'orderId' in target
          ? await repo.purchaseOrdersToPrint(user, [target.orderId])
          : [await repo.boxToPrint(user, target.boxId)];
      if (!found) throw notFound('orderId' in target ? 'orders.order_not_found' : 'orders.box_not_found');
      const tagCompanyFormatId = await repo.defaultCompanyFormatId(user.companyId);
      if (!tagCompanyFormatId) throw conflict('print.no_tag_format');
      return fromExpected(user, [found], 'orderId' in target ? { orderIds: [found.orderId] } : target, {
        tagCompanyFormatId,
        name: 'codebar' in found ? `${found.orderCode} · ${found.codebar}` : found.orderCode,
        ...(printerId === undefined ? {} : { printerId }),
        fieldOf: () => 'printer_id',
      });
    },

    /**
     * One print order (not printing) of the expected labels of several purchase orders, summed per GTIN, in the format
     * chosen, named after the order codes. An order the user does not see (or not a purchase order) is a 404 naming it.
     */
    async ordersPrintOrder(user: AuthUser, orderIds: number[], tagCompanyFormatId: number) {
      const ids = [...new Set(orderIds)];
      const found = await repo.purchaseOrdersToPrint(user, ids);
      const seen = new Set(found.map((f) => f.orderId));
      const missing = ids.filter((id) => !seen.has(id));
      if (missing.length) throw notFound(msg('print.orders_not_found', { ids: missing.join(', ') }));
      return fromExpected(
        user,
        found,
        { orderIds: ids },
        {
          tagCompanyFormatId,
          name: ordersPrintName(found.map((f) => f.orderCode)),
          fieldOf: () => 'orders',
        },
      );
    },
  };
};
