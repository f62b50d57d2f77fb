import type { OrderKind } from './order-paths';

/** Query keys shared by every kind of order (the header of an order page). */
export const ordersKeys = {
  all: ['orders'] as const,
  header: (kind: OrderKind, id: string | number) => ['orders', 'header', kind, String(id)] as const,
};
