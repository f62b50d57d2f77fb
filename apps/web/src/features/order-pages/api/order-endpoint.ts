import type { ItemLine } from '@rfid/contract';
import type { OrderKind } from '../../orders';

/**
 * Where the calls of an order's pages go for each kind of order (spec section 7): purchase
 * orders under /porders/{id}, online orders under /orders/{id} and movements under /morders/{id}
 * with `side=exit|entry`, which decides whether the unprefixed counts are the origin's or the
 * destination's (docs/design/outbound.md).
 */
export const orderEndpoint = (kind: OrderKind, orderId: string) => {
  switch (kind) {
    case 'purchase':
      return { base: `/porders/${orderId}`, side: {} };
    case 'online':
      return { base: `/orders/${orderId}`, side: {} };
    case 'exit':
    case 'entry':
      return { base: `/morders/${orderId}`, side: { side: kind } };
  }
};

/** An item line of any kind; online lines also carry the online reading (above 100 → 0). */
export type OrderLine = ItemLine & { online_percent?: number };
