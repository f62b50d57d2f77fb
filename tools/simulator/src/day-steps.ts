import type {
  Box,
  MovementOrder,
  OnlineOrder,
  PosTransaction,
  Provider,
  PurchaseOrder,
  Reception,
  ReplenishmentLine,
} from '@rfid/contract';
import type { Page } from './api.js';
import type { PlannedBox } from './day-plan.js';
import { type DayContext, type DayReaders, demoReader, sendRead } from './day-readers.js';

/** An order created by the day, with the ids of its boxes in the plan's order. */
export type CreatedOrder = { id: number; boxIds: number[] };

const iso = (d: Date) => d.toISOString();

const createBoxes = async (ctx: DayContext, orderId: number, code: string, boxes: readonly PlannedBox[]) => {
  const { api } = ctx;
  const reception = await api.post<Reception>('/api/receptions/', { reception_code: `${code}-R1`, order_id: orderId });
  const ids: number[] = [];
  for (const box of boxes)
    ids.push(
      (await api.post<Box>('/api/boxes/', { codebar: box.codebar, reception_id: reception.id, contents: box.contents })).id,
    );
  return ids;
};

/** The purchase orders and their boxes, read by the tunnel; then the goods going back to their provider. */
export const playInbound = async (ctx: DayContext, { tunnel, exitPortal }: DayReaders): Promise<CreatedOrder[]> => {
  const { plan, api, providers } = ctx;
  const purchaseIds: CreatedOrder[] = [];
  for (const p of plan.purchases) {
    const provider = providers[p.providerIndex % providers.length] as Provider;
    const order = await api.post<PurchaseOrder>('/api/porders/', {
      order_code: p.code,
      destination_id: ctx.mad,
      origin_id: provider.id,
      creation_date: iso(p.creation),
      estimated_arrival_date: iso(p.estimatedArrival),
    });
    purchaseIds.push({ id: order.id, boxIds: await createBoxes(ctx, order.id, p.code, p.boxes) });
    ctx.log(`purchase order ${p.code} from ${provider.name}: ${p.boxes.length} boxes`);
  }
  for (const p of plan.purchases)
    for (const box of p.boxes) {
      if (box.firstPass) await sendRead(ctx, tunnel, box.firstPass, { codebar: box.codebar, kind: 'tunnel' });
      if (box.read) await sendRead(ctx, tunnel, box.read, { codebar: box.codebar, kind: 'tunnel' });
    }

  // Some goods go back to their provider: the exit portal reads them under the order's code.
  await sendRead(ctx, exitPortal, plan.providerReturn.read, { codebar: plan.providerReturn.orderCode, kind: 'portal' });
  return purchaseIds;
};

/** The movements from CD-MAD to the store, read by CD-MAD's exit portal. */
export const playMovements = async (ctx: DayContext, { exitPortal }: DayReaders): Promise<CreatedOrder[]> => {
  const { plan, api } = ctx;
  const movementIds: CreatedOrder[] = [];
  if (!ctx.hasMovements) {
    ctx.report.skipped.push('movements: the server has no /api/locations/{id}/v1/exits/ (issue 6 not built)');
    return movementIds;
  }
  for (const m of plan.movements) {
    const order = await api.post<MovementOrder>('/api/morders/', {
      order_code: m.code,
      origin_id: ctx.mad,
      destination_id: ctx.store,
      origin_status: 0,
      creation_date: iso(m.creation),
      estimated_exit_date: iso(m.estimatedExit),
      estimated_arrival_date: iso(m.estimatedArrival),
    });
    movementIds.push({ id: order.id, boxIds: await createBoxes(ctx, order.id, m.code, m.boxes) });
  }
  for (const m of plan.movements)
    for (const box of m.boxes) if (box.exit) await sendRead(ctx, exitPortal, box.exit, { codebar: box.codebar, kind: 'portal' });
  return movementIds;
};

/** The online orders, read by the online expedition's reader (one the seed lacks). */
export const playOnline = async (ctx: DayContext, { onlineExit }: DayReaders): Promise<CreatedOrder[]> => {
  const { plan, api } = ctx;
  const onlineIds: CreatedOrder[] = [];
  if (ctx.hasOnline && onlineExit) {
    for (const o of plan.online) {
      const order = await api.post<OnlineOrder>('/api/orders/', {
        order_code: o.code,
        origin_id: ctx.mad,
        origin_status: 0,
        creation_date: iso(o.creation),
        estimated_exit_date: iso(o.estimatedExit),
      });
      onlineIds.push({ id: order.id, boxIds: await createBoxes(ctx, order.id, o.code, o.boxes) });
    }
    for (const o of plan.online)
      for (const box of o.boxes)
        if (box.exit) await sendRead(ctx, onlineExit, box.exit, { codebar: box.codebar, kind: 'portal' });
  } else if (!ctx.hasOnline) {
    ctx.report.skipped.push('online orders: the server has no /api/locations/{id}/v1/orders/ (issue 6 not built)');
  } else {
    ctx.report.skipped.push('online orders: no mode 6 (Exit/Sale) reader at CD-MAD (adding one needs role 1)');
  }
  return onlineIds;
};

/** The movements' arrivals at the store, and a customer's parcel back (needs an expedited online order). */
export const playArrivals = async (ctx: DayContext, { tunnel, storeEntry }: DayReaders, onlineIds: CreatedOrder[]) => {
  const { plan } = ctx;
  // arrivals at the store (after the online expedition in time order is not needed: sets carry their own times)
  if (ctx.hasMovements)
    for (const m of plan.movements)
      for (const box of m.boxes)
        if (box.entry) await sendRead(ctx, storeEntry, box.entry, { codebar: box.codebar, kind: 'portal' });

  // A customer sends a parcel back: the entry tunnel reads it under the online order's code.
  if (onlineIds.length) await sendRead(ctx, tunnel, plan.saleReturn.read, { codebar: plan.saleReturn.orderCode, kind: 'tunnel' });
  else ctx.report.skipped.push('sale return: needs an expedited online order');
};

/** The last POS transaction ids before the day, by kind. */
export type PosBefore = { sales: number; returns: number };

/** The store's sales and returns at its POS pads; returns the last transaction ids before them. */
export const playPos = async (ctx: DayContext, { posPad, posReturnPad }: DayReaders): Promise<PosBefore> => {
  const { plan, api, store, hasPos, hasMovements } = ctx;
  // POS transactions carry no code: the day's are those with ids above the last one before it
  const lastPosId = async (plural: string) =>
    (await api.get<Page<PosTransaction>>(`/api/locations/${store}/${plural}/`, { order_by: '-id', limit: 1 })).results[0]?.id ??
    0;
  const posBefore = hasPos ? { sales: await lastPosId('sales'), returns: await lastPosId('returns') } : { sales: 0, returns: 0 };
  if (hasPos && hasMovements) {
    for (const sale of plan.sales) await sendRead(ctx, posPad, sale, { kind: 'pos' });
    if (posReturnPad) for (const r of plan.posReturns) await sendRead(ctx, posReturnPad, r, { kind: 'pos' });
    else ctx.report.skipped.push('POS return: no mode 5 (POS return) reader at T-MAD-01 (adding one needs role 1)');
  } else {
    ctx.report.skipped.push(
      hasPos ? 'POS: the store has no stock without movements' : 'POS: the server has no /api/locations/{id}/sales/',
    );
  }
  return posBefore;
};

/**
 * Replenishment (issue 26): the store's pick list names units in its stockroom; a clerk picks the first lines and the
 * sales floor's handheld (HH-T01-01, working mode 2) then sees them on the floor: the server moves them stockroom → floor.
 */
export const playReplenishment = async (ctx: DayContext) => {
  const { plan, api, store } = ctx;
  if (!(await ctx.has(`/api/locations/${store}/replenishment/summary/`))) {
    ctx.report.skipped.push('replenishment: the server has no /api/locations/{id}/replenishment/ (issue 26 not built)');
    return;
  }
  const list = await api.get<Page<ReplenishmentLine>>(`/api/locations/${store}/replenishment/`, { limit: 3 });
  const picked = list.results.filter((line) => line.epcs.length > 0);
  for (const line of picked) {
    await api.post(`/api/locations/${store}/replenishment/picks/`, {
      gtin: line.gtin,
      status: 'picked',
      quantity: line.to_pick,
    });
  }
  const epcs = picked.flatMap((line) => line.epcs.slice(0, line.to_pick));
  const lastSale = Math.max(plan.dayStart.getTime(), ...plan.sales.map((sale) => sale.at.getTime()));
  if (epcs.length)
    await sendRead(ctx, await demoReader(ctx, 'HH-T01-01'), { epcs, at: new Date(lastSale + 15 * 60_000) }, { kind: 'portal' });
  ctx.report.replenished = epcs.length;
};
