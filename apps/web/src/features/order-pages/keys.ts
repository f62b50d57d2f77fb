import type { OrderKind } from '../orders';

/** Query keys of an order's pages (detail, boxes, box, GTIN): all under the order's prefix. */
export const orderPagesKeys = {
  order: (kind: OrderKind, orderId: string) => ['order-pages', kind, orderId] as const,
  lines: (kind: OrderKind, orderId: string) => ['order-pages', kind, orderId, 'lines'] as const,
  boxes: (kind: OrderKind, orderId: string, barcode: string) => ['order-pages', kind, orderId, 'boxes', barcode] as const,
  box: (kind: OrderKind, orderId: string, boxId: string) => ['order-pages', kind, orderId, 'box', boxId] as const,
  boxLines: (kind: OrderKind, orderId: string, boxId: string, gtin: string) =>
    ['order-pages', kind, orderId, 'box', boxId, 'lines', gtin] as const,
  gtin: (kind: OrderKind, orderId: string, itemType: string) => ['order-pages', kind, orderId, 'types', itemType] as const,
};
