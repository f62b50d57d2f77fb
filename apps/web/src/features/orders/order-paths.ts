/**
 * Where each page of an order lives, for every kind of order. Pages of one feature link to pages
 * of another only through these builders (features do not import each other).
 * - purchase: inbound purchase orders (destination side)
 * - online: online orders (origin side)
 * - exit / entry: a movement order seen from its origin / its destination
 */
export type OrderKind = 'purchase' | 'online' | 'exit' | 'entry';
export type MovementSide = 'exit' | 'entry';

type Id = string | number;

export type OrderPaths = {
  dashboard: string;
  create: string;
  detail: (orderId: Id) => string;
  boxes: (orderId: Id) => string;
  box: (orderId: Id, boxId: Id) => string;
  gtin: (orderId: Id, itemType: Id) => string;
  verifications: (orderId: Id, boxId: Id) => string;
  verification: (orderId: Id, boxId: Id, verificationId: Id) => string;
  verificationItems: (orderId: Id, boxId: Id, verificationId: Id) => string;
};

const movementPaths = (side: MovementSide): OrderPaths => {
  const order = (orderId: Id) => `/movements/${side}/order/${orderId}`;
  const verifications = (orderId: Id, boxId: Id) => `${order(orderId)}/box/${boxId}/verifications`;
  return {
    dashboard: `/movements/${side}/`,
    create: '/movements/order/add',
    detail: (orderId) => `${order(orderId)}/detail`,
    boxes: (orderId) => `${order(orderId)}/boxes`,
    box: (orderId, boxId) => `${order(orderId)}/box/${boxId}/detail`,
    gtin: (orderId, itemType) => `${order(orderId)}/gtin/${itemType}/detail`,
    verifications,
    verification: (orderId, boxId, id) => `${verifications(orderId, boxId)}/${id}`,
    verificationItems: (orderId, boxId, id) => `${verifications(orderId, boxId)}/${id}/items`,
  };
};

export const ORDER_PATHS: Record<OrderKind, OrderPaths> = {
  purchase: {
    dashboard: '/inbound/',
    create: '/inbound/order/add',
    detail: (orderId) => `/inbound/order/${orderId}/detail`,
    boxes: (orderId) => `/inbound/order/${orderId}/boxes`,
    box: (orderId, boxId) => `/inbound/order/${orderId}/box/${boxId}/detail`,
    gtin: (orderId, itemType) => `/inbound/order/${orderId}/gtin/${itemType}/detail`,
    verifications: (orderId, boxId) => `/order/${orderId}/box/${boxId}/verifications`,
    verification: (orderId, boxId, id) => `/order/${orderId}/box/${boxId}/verifications/${id}`,
    verificationItems: (orderId, boxId, id) => `/order/${orderId}/box/${boxId}/verifications/${id}/items`,
  },
  online: {
    dashboard: '/online/',
    create: '/online/order/add',
    detail: (orderId) => `/online/order/${orderId}/detail`,
    boxes: (orderId) => `/online/order/${orderId}/boxes/`,
    box: (orderId, boxId) => `/online/order/${orderId}/box/${boxId}/detail`,
    gtin: (orderId, itemType) => `/online/order/${orderId}/gtin/${itemType}/detail`,
    verifications: (orderId, boxId) => `/online/order/${orderId}/boxes/${boxId}/verifications/`,
    verification: (orderId, boxId, id) => `/online/order/${orderId}/boxes/${boxId}/verifications/${id}`,
    verificationItems: (orderId, boxId, id) => `/online/order/${orderId}/boxes/${boxId}/verifications/${id}/items`,
  },
  exit: movementPaths('exit'),
  entry: movementPaths('entry'),
};
