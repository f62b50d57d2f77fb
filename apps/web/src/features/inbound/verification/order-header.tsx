import type { ReactNode } from 'react';
import { OrderHeader as AnyOrderHeader } from '../../orders';

/** The purchase order's header (destination side) on the order, boxes and verification pages. */
export const OrderHeader = ({ orderId, children }: { orderId: string; children?: ReactNode }) => (
  <AnyOrderHeader kind="purchase" orderId={orderId}>
    {children}
  </AnyOrderHeader>
);
