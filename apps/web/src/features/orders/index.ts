/** The public face of the orders feature: other features import only from here. */

export type { AnyOrder } from './api/get-order-header';

export { DeleteOrderDialog } from './dashboard/delete-order-dialog';
export { OrderActionDialog } from './dashboard/order-action-dialog';
export {
  DeleteRowButton,
  orderIdColumn,
  RowActionButton,
  RowActions,
  useOrderCountColumns,
  WaitingTime,
} from './dashboard/order-cells';
export { FilterRow, OrderDashboardLayout } from './dashboard/order-dashboard-layout';
export type { OrderDownload } from './dashboard/order-downloads';
export { OrderDownloadDialog, orderCsvMenuItems } from './dashboard/order-downloads';
export { OrderHistoryFilters, useOrderHistoryFilters } from './dashboard/order-history-filters';
export { EntryStatGrid, ExitStatGrid } from './dashboard/side-stat-grid';
export { defaultStatsRange } from './dashboard/stats-range';
export { ordersKeys } from './keys';
export { boxStatusMap, formatSizes, isLate, orderStatusMap } from './labels';
export { OrderHeader, toOrderHeaderData } from './order-header';
export type { MovementSide, OrderKind } from './order-paths';
export { ORDER_PATHS } from './order-paths';
export { OrderStateIcon } from './order-state-icon';
