import {
  type Box,
  type ItemLine,
  type movementOrderCreateBodySchema,
  OrderStatus,
  type onlineOrderCreateBodySchema,
  type ProviderReturn,
  type PurchaseOrder,
  type purchaseOrderCreateBodySchema,
  type Reception,
  type SaleReturn,
} from '@rfid/contract';
import type { z } from 'zod';
import type { BoxRow } from './boxes.repository.js';
import type { ItemLineRow } from './lines.repository.js';
import { linePercent } from './order-rules.js';
import type { OrderSide, OrderWithAggregates } from './orders.repository.js';
import type { ReturnRow } from './returns.repository.js';

/** Orders core: the DTOs the order pages of inbound, online and movements share. */

export const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export const secondsBetween = (from: Date, to: Date | null, now: Date): number =>
  Math.max(0, Math.round(((to ?? now).getTime() - from.getTime()) / 1000));

/** A side is late when its estimate has passed and the side has not happened yet. */
export const isLate = (estimate: Date | null, happened: Date | null, now: Date): boolean =>
  estimate !== null && happened === null && now.getTime() > estimate.getTime();

/** The side an order's pages show by default: online orders are shipped (origin), the others received. */
export const pageSideOf = (type: OrderWithAggregates['type']): OrderSide => (type === 'online' ? 'origin' : 'destination');

/** A new order's first fields (the contract's `orderCreateFields`) as row values: creation now when not given. */
export const orderCreateValues = (
  companyId: number,
  input: { order_code: string; creation_date?: Date | undefined; estimated_arrival_date?: Date | null | undefined },
) => ({
  companyId,
  orderCode: input.order_code,
  creationDate: input.creation_date ?? new Date(),
  estimatedArrivalDate: input.estimated_arrival_date ?? null,
});

/**
 * A new order's row values by kind, from the contract's create bodies: one place for what a purchase, an online order and
 * a movement are made of, whether created alone (their services) or with their boxes (the wizard's one call).
 */
export const purchaseOrderValues = (
  companyId: number,
  input: z.output<typeof purchaseOrderCreateBodySchema>,
  providerId: number,
) => ({
  ...orderCreateValues(companyId, input),
  type: 'purchase' as const,
  providerId,
  destinationLocationId: input.destination_id,
  destinationStatus: OrderStatus.Unchecked,
  container: input.container ?? '',
});

export const onlineOrderValues = (companyId: number, input: z.output<typeof onlineOrderCreateBodySchema>) => ({
  ...orderCreateValues(companyId, input),
  type: 'online' as const,
  originLocationId: input.origin_id,
  originStatus: OrderStatus.Unchecked,
  estimatedExitDate: input.estimated_exit_date ?? null,
});

export const movementOrderValues = (companyId: number, input: z.output<typeof movementOrderCreateBodySchema>) => ({
  ...orderCreateValues(companyId, input),
  type: 'movement' as const,
  originLocationId: input.origin_id,
  destinationLocationId: input.destination_id,
  originStatus: OrderStatus.Unchecked,
  destinationStatus: OrderStatus.Unchecked,
  container: input.container ?? '',
  estimatedExitDate: input.estimated_exit_date ?? null,
});

/**
 * The fields every order DTO opens with: the order, its code, both sides' statuses and whether it is closed. The DTOs
 * add theirs with `Object.assign(orderHeadDto(o), {…})`: V8 in Node 20 builds `{ ...orderHeadDto(o), …15 fields }`
 * about ten times slower, some 30 µs a row (docs/performance-profile.md).
 */
export const orderHeadDto = (o: OrderWithAggregates) => ({
  id: o.id,
  type: o.type,
  order_code: o.orderCode,
  origin_status: o.originStatus,
  destination_status: o.destinationStatus,
  closed: o.closed,
});

export const toOrderDto = (o: OrderWithAggregates, now = new Date()): PurchaseOrder => {
  const isDestination = pageSideOf(o.type) === 'destination';
  return Object.assign(orderHeadDto(o), {
    sync: o.sync,
    container: o.container,
    waiting_time: secondsBetween(o.creationDate, isDestination ? o.arrivalDate : o.exitDate, now),
    item_count: o.itemCount,
    real_item_count: isDestination ? o.destinationRealItemCount : o.originRealItemCount,
    num_boxes: o.numBoxes,
    num_verified_boxes: isDestination ? o.destinationVerifiedBoxes : o.originVerifiedBoxes,
    creation_date: o.creationDate.toISOString(),
    estimated_arrival_date: iso(o.estimatedArrivalDate),
    arrival_date: iso(o.arrivalDate),
    origin: o.providerId,
    provider_name: o.providerName,
    order_name: o.providerName ? `${o.orderCode} · ${o.providerName}` : o.orderCode,
    destination: o.destinationLocationId,
    destination_description: o.destinationDescription,
  });
};

/** A box as seen from `side` (default: its order's page side): the unprefixed fields are that side's. */
export const toBoxDto = (b: BoxRow, now = new Date(), side: OrderSide = pageSideOf(b.orderType)): Box => {
  const isOrigin = side === 'origin';
  const readingTime = isOrigin ? b.originReadingTime : b.destinationReadingTime;
  const real = isOrigin ? b.originRealItemCount : b.destinationRealItemCount;
  return {
    id: b.id,
    barcode: b.codebar,
    codebar: b.codebar,
    order: b.orderId,
    order_name: b.providerName ? `${b.orderCode} · ${b.providerName}` : b.orderCode,
    order_code: b.orderCode,
    reception_id: b.receptionId,
    status: isOrigin ? b.originStatus : b.destinationStatus,
    reading_time: iso(readingTime),
    waiting_time: secondsBetween(b.orderCreationDate, readingTime, now),
    theorical_item_count: b.theoricalItemCount,
    real_item_count: real,
    matched_item_count: isOrigin ? b.originMatchedItemCount : b.destinationMatchedItemCount,
    references: b.references,
    verification_count: isOrigin ? b.originVerificationCount : b.destinationVerificationCount,
    percent: linePercent(real, b.theoricalItemCount),
    origin_status: b.originStatus,
    origin_reading_time: iso(b.originReadingTime),
    origin_real_item_count: b.originRealItemCount,
    origin_matched_item_count: b.originMatchedItemCount,
    origin_verification_count: b.originVerificationCount,
    destination_status: b.destinationStatus,
    destination_reading_time: iso(b.destinationReadingTime),
    destination_real_item_count: b.destinationRealItemCount,
    destination_matched_item_count: b.destinationMatchedItemCount,
    destination_verification_count: b.destinationVerificationCount,
  };
};

export const toItemLineDto = (l: ItemLineRow, index: number, side: OrderSide = 'destination'): ItemLine => {
  const real = side === 'destination' ? l.destinationReal : l.originReal;
  return {
    id: l.itemTypeId ?? -(index + 1),
    gtin: l.gtin,
    item_type: l.itemTypeId,
    theorical_item_count: l.expected,
    real_item_count: real,
    theorical_quantity: l.expected,
    real_quantity: real,
    destination_real_quantity: l.destinationReal,
    origin_real_quantity: l.originReal,
    percent: linePercent(real, l.expected),
    description: l.description,
    section: l.section,
    cloth_type: l.clothType,
    model: l.model,
    colour: l.colour,
    reference: l.reference,
    sizes: l.sizes,
  };
};

export const toReceptionDto = (r: { id: number; orderId: number; receptionCode: string; createdAt: Date }): Reception => ({
  id: r.id,
  order_id: r.orderId,
  reception_code: r.receptionCode,
  created_at: r.createdAt.toISOString(),
});

export const toSaleReturnDto = (r: ReturnRow): SaleReturn => ({
  id: r.id,
  code: r.code,
  order: r.orderId !== null && r.orderCode !== null ? { id: r.orderId, order_code: r.orderCode } : null,
  location: r.locationId,
  real_item_count: r.realItemCount,
  start_time: iso(r.startTime),
  end_time: iso(r.endTime),
});

export const toProviderReturnDto = (r: ReturnRow): ProviderReturn => ({
  ...toSaleReturnDto(r),
  provider: r.providerId !== null && r.providerName !== null ? { id: r.providerId, name: r.providerName } : null,
});
