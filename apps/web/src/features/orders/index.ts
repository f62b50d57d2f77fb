/** The public face of the orders feature: other features import only from here. */

export type { AnyOrder } from './api/get-order-header';

export { DeleteOrderDialog } from './dashboard/delete-order-dialog';
export type { DestinationHistoryQuery, OriginHistoryQuery } from './dashboard/history-query';
export { destinationHistoryQuery, originHistoryQuery } from './dashboard/history-query';
export { OrderActionDialog } from './dashboard/order-action-dialog';
export {
  DeleteRowButton,
  expectedRealColumns,
  orderIdColumn,
  RowActionButton,
  RowActions,
  sizeColumn,
  useOrderCountColumns,
  WaitingTime,
} from './dashboard/order-cells';
export { orderDashboardCreate } from './dashboard/order-dashboard-create';
export { FilterRow, OrderDashboardLayout } from './dashboard/order-dashboard-layout';
export type { OrderDownload } from './dashboard/order-downloads';
export { OrderDownloadDialog, orderCsvMenuItems } from './dashboard/order-downloads';
export { OrderHistoryFilters, useOrderHistoryFilters } from './dashboard/order-history-filters';
export type { SideFigures } from './dashboard/side-stat-grid';
export { EntryStatGrid, ExitStatGrid, entryFigures, exitFigures } from './dashboard/side-stat-grid';
export { defaultStatsRange } from './dashboard/stats-range';
export { ordersKeys } from './keys';
export { boxStatusMap, formatSizes, isLate, orderStatusMap } from './labels';
export { OrderHeader, toOrderHeaderData } from './order-header';
export type { MovementSide, OrderKind } from './order-paths';
export { ORDER_PATHS } from './order-paths';
export { OrderStateIcon } from './order-state-icon';
