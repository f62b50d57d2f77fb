import type {
  Box,
  MovementOrder,
  OnlineBox,
  OnlineOrder,
  PosTransaction,
  ProviderReturn,
  PurchaseOrder,
  SaleReturn,
} from '@rfid/contract';
import type { Page } from './api.js';
import type { PlannedRead } from './day-plan.js';
import type { DayContext } from './day-readers.js';
import type { CreatedOrder, PosBefore } from './day-steps.js';

/** The orders the day created, with their boxes, as the server sees them now: into the report's `orders`. */
export const reportOrders = async (
  ctx: DayContext,
  ids: { purchases: CreatedOrder[]; movements: CreatedOrder[]; online: CreatedOrder[] },
) => {
  await reportPurchases(ctx, ids.purchases);
  await reportMovements(ctx, ids.movements);
  await reportOnline(ctx, ids.online);
};

const reportPurchases = async ({ plan, api, report }: DayContext, purchaseIds: CreatedOrder[]) => {
  for (const [i, p] of plan.purchases.entries()) {
    const { id } = purchaseIds[i] as { id: number };
    const order = await api.get<PurchaseOrder>(`/api/porders/${id}/`);
    const boxes = await api.get<Page<Box>>(`/api/porders/${id}/boxes/`, { limit: 100 });
    report.orders.push({
      kind: 'purchase',
      code: p.code,
      id,
      status: order.destination_status,
      boxes: p.boxes.map((b) => {
        const row = boxes.results.find((r) => r.codebar === b.codebar) as Box;
        return { codebar: b.codebar, id: row.id, plan: b.fate, status: row.status, verifications: row.verification_count };
      }),
    });
  }
};

const reportMovements = async ({ plan, api, report }: DayContext, movementIds: CreatedOrder[]) => {
  for (const [i, m] of plan.movements.entries()) {
    const ids = movementIds[i];
    if (!ids) break;
    const order = await api.get<MovementOrder>(`/api/morders/${ids.id}/`);
    const exits = await api.get<Page<Box>>(`/api/morders/${ids.id}/boxes/`, { side: 'exit', limit: 100 });
    const entries = await api.get<Page<Box>>(`/api/morders/${ids.id}/boxes/`, { side: 'entry', limit: 100 });
    report.orders.push({
      kind: 'movement',
      code: m.code,
      id: ids.id,
      status: order.origin_status,
      entryStatus: order.destination_status,
      boxes: m.boxes.map((b) => {
        const exit = exits.results.find((r) => r.codebar === b.codebar) as Box;
        const entry = entries.results.find((r) => r.codebar === b.codebar) as Box;
        return {
          codebar: b.codebar,
          id: exit.id,
          plan: b.entryFate,
          status: exit.status,
          verifications: exit.verification_count,
          entryStatus: entry.status,
        };
      }),
    });
  }
};

const reportOnline = async ({ plan, api, report }: DayContext, onlineIds: CreatedOrder[]) => {
  for (const [i, o] of plan.online.entries()) {
    const ids = onlineIds[i];
    if (!ids) break;
    const order = await api.get<OnlineOrder>(`/api/orders/${ids.id}/`);
    const boxes = await api.get<Page<OnlineBox>>(`/api/orders/${ids.id}/boxes/`, { limit: 100 });
    report.orders.push({
      kind: 'online',
      code: o.code,
      id: ids.id,
      status: order.origin_status,
      boxes: o.boxes.map((b) => {
        const row = boxes.results.find((r) => r.codebar === b.codebar) as OnlineBox;
        return {
          codebar: b.codebar,
          id: row.id,
          plan: b.exit ? 'expedited' : 'waiting',
          status: row.status,
          verifications: row.verification_count,
        };
      }),
    });
  }
};

/** The provider and sale returns the day's reads made: into the report's `returns`. */
export const reportReturns = async ({ plan, api, report, mad }: DayContext, onlineIds: CreatedOrder[]) => {
  const providerReturns = await api.get<Page<ProviderReturn>>(`/api/locations/${mad}/provider_returns/`, {
    code__contains: plan.providerReturn.orderCode,
    limit: 100,
  });
  for (const r of providerReturns.results)
    report.returns.push({ kind: 'provider', id: r.id, code: r.code, items: r.real_item_count });
  if (onlineIds.length) {
    const saleReturns = await api.get<Page<SaleReturn>>(`/api/locations/${mad}/sale_returns/`, {
      code__contains: plan.saleReturn.orderCode,
      limit: 100,
    });
    for (const r of saleReturns.results) report.returns.push({ kind: 'sale', id: r.id, code: r.code, items: r.real_item_count });
  }
};

/** The POS sales and returns of the day (ids above those before it, at the planned times): into the report's `pos`. */
export const reportPos = async (ctx: DayContext, posReturns: boolean, posBefore: PosBefore) => {
  const { plan, api, report, store } = ctx;
  if (!(ctx.hasPos && ctx.hasMovements)) return;
  const since = new Date(plan.dayStart.getTime() - 60_000).toISOString();
  const ours = (rows: PosTransaction[], reads: readonly PlannedRead[], after: number) =>
    rows.filter((r) => r.id > after && reads.some((s) => Math.abs(Date.parse(r.end_time) - s.at.getTime()) < 5_000));
  const sales = await api.get<Page<PosTransaction>>(`/api/locations/${store}/sales/`, {
    end_time__gte: since,
    order_by: 'end_time',
    limit: 1000,
  });
  for (const s of ours(sales.results, plan.sales, posBefore.sales))
    report.pos.push({ kind: 'sale', id: s.id, items: s.item_count, warnings: s.warning_count });
  if (posReturns) {
    const returns = await api.get<Page<PosTransaction>>(`/api/locations/${store}/returns/`, {
      end_time__gte: since,
      limit: 1000,
    });
    for (const s of ours(returns.results, plan.posReturns, posBefore.returns))
      report.pos.push({ kind: 'return', id: s.id, items: s.item_count, warnings: s.warning_count });
  }
};
