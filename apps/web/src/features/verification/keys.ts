import type { OrderKind } from '../orders';
import { verificationSideOf } from './verification-kind';

/** Query keys of the verification pages: everything under ['verification']. */
export const verificationKeys = {
  all: ['verification'] as const,
  one: (id: string | number) => ['verification', 'one', String(id)] as const,
  items: (id: string | number) => ['verification', 'one', String(id), 'items'] as const,
  report: (id: string | number) => ['verification', 'one', String(id), 'report'] as const,
  box: (kind: OrderKind, boxId: string | number) => ['verification', 'box', verificationSideOf(kind), String(boxId)] as const,
  orderBox: (kind: OrderKind, orderId: string | number, boxId: string | number) =>
    ['verification', 'rbox', kind, String(orderId), String(boxId)] as const,
};
