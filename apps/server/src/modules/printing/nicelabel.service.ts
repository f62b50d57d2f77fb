import { type NicelabelOrder, NicelabelStatus } from '@rfid/contract';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../http/errors.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { toNicelabelDto } from './printing.dto.js';
import { createPrintingRepository } from './printing.repository.js';

const ONE: PageParams = { limit: 1, offset: 0 };
const NICELABEL_FORWARD_ONLY = 'print.nicelabel_forward_only';

/**
 * NiceLabel orders: a purchase order's expected labels as a print order that a NiceLabel integration prints, moved
 * forward by it (pending, in progress, completed). `expectedPrintOrder` makes the print order (printing.service.ts).
 */
export const createNicelabelService = ({
  db,
  expectedPrintOrder,
}: {
  db: Db;
  expectedPrintOrder: (user: AuthUser, target: { orderId: number }) => Promise<number>;
}) => {
  const repo = createPrintingRepository(db);
  const loadNicelabel = async (user: AuthUser, id: number) => {
    const row = (await repo.nicelabelOrders(user, { id }, ONE)).rows[0];
    if (!row) throw notFound('print.nicelabel_not_found');
    return row;
  };

  return {
    /**
     * GET /porders/{id}/nicelabel/: the purchase order's open NiceLabel order, created on the first call with a print
     * order of the order's expected labels (EPCs reserved), for a NiceLabel integration to print.
     */
    async nicelabelForOrder(user: AuthUser, orderId: number): Promise<NicelabelOrder> {
      const open = async () => (await repo.nicelabelOrders(user, { openForOrder: orderId }, ONE)).rows[0];
      const existing = await open();
      if (existing) return toNicelabelDto(existing);
      const printOrderId = await expectedPrintOrder(user, { orderId });
      const id = await repo.insertNicelabelOrder({ companyId: user.companyId, orderId, printOrderId, createdBy: user.id });
      if (id === undefined) {
        // Another call opened one meanwhile: that one stands, this print order goes.
        await repo.deletePrintOrder(printOrderId);
        const other = await open();
        if (!other) throw conflict('print.nicelabel_changed');
        return toNicelabelDto(other);
      }
      return toNicelabelDto(await loadNicelabel(user, id));
    },

    async nicelabelOrders(user: AuthUser, filters: { status?: number; order?: number }, page: PageParams) {
      const { count, rows } = await repo.nicelabelOrders(user, filters, page);
      return { count, results: rows.map(toNicelabelDto) };
    },

    /** PUT /nicelabelorder/{id}/ {status}: forward only; completed counts every label of its print order as printed. */
    async updateNicelabel(user: AuthUser, id: number, status: number): Promise<NicelabelOrder> {
      const current = await loadNicelabel(user, id);
      if (status === current.status) return toNicelabelDto(current);
      if (status < current.status) throw conflict(NICELABEL_FORWARD_ONLY);
      if (status === NicelabelStatus.completed && current.print_order_state === 'WORKING') {
        throw conflict('print.nicelabel_printing');
      }
      await db.transaction(async (tx) => {
        const txRepo = createPrintingRepository(tx);
        if (!(await txRepo.advanceNicelabelOrder(id, status))) throw conflict(NICELABEL_FORWARD_ONLY);
        if (status === NicelabelStatus.completed) await txRepo.completePrintOrder(current.print_order_id);
      });
      return toNicelabelDto(await loadNicelabel(user, id));
    },
  };
};
