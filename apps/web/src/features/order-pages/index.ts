/** The public face of the order-pages feature: other features import only from here. */
export { useOrderBox } from './api/get-order-box';
export { BoxDetailPage } from './box-detail-page';
export { OrderBoxesPage } from './order-boxes-page';
export { OrderDetailPage } from './order-detail-page';
export { OrderGtinPage } from './order-gtin-page';
