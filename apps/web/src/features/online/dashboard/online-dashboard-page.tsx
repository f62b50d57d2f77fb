import { useMediaQuery, useTheme } from '@mui/material';
import type { OnlineOrder } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoLocation } from '../../../components/no-location';
import { PagedTable } from '../../../components/paged-table';
import { useCurrentLocation } from '../../../lib/current-location';
import { canChangeOrders, canCreateOrders, useRole } from '../../auth';
import {
  DeleteOrderDialog,
  defaultStatsRange,
  ExitStatGrid,
  ORDER_PATHS,
  OrderDashboardLayout,
  type OrderDownload,
  OrderDownloadDialog,
  OrderHistoryFilters,
  orderDashboardCreate,
  originHistoryQuery,
  useOrderHistoryFilters,
} from '../../orders';
import { useDeleteOnlineOrder } from './api/online-orders-delete';
import { type OnlineOrderFilters, onlineOrdersPages } from './api/online-orders-list';
import { useOnlineStats } from './api/online-stats';
import { useOnlineColumns } from './columns';

const PATHS = ORDER_PATHS.online;

/**
 * The online dashboard (spec section 2): five statistics, the state filter, the order table
 * (state icon, waiting time red once the estimated exit has passed, id and code linking to the
 * detail, exit date with the closed mark, items, verified/total boxes linking to the boxes,
 * download) with its column filters; 11 per page, 20 s refresh on a desktop, cards on phones.
 */
export const OnlineDashboardPage = () => {
  const { t } = useTranslation('online');
  const location = useCurrentLocation();
  const isPhone = useMediaQuery(useTheme().breakpoints.down('md'));
  const role = useRole();
  const remove = useDeleteOnlineOrder();
  const history = useOrderHistoryFilters({ id__icontains: '', order_code__icontains: '' });
  const [download, setDownload] = useState<OrderDownload | null>(null);
  const [toDelete, setToDelete] = useState<OnlineOrder | null>(null);
  const stats = useOnlineStats(location?.id ?? 0, defaultStatsRange(), isPhone);
  const canDelete = canChangeOrders(role);
  const columns = useOnlineColumns({ isPhone, canDelete, setDownload, setToDelete });
  const create = orderDashboardCreate(t, PATHS.create, canCreateOrders(role));

  if (!location) return <NoLocation testId="online-no-location">{t('dashboard.noLocation')}</NoLocation>;

  const filters: OnlineOrderFilters = { ...originHistoryQuery(history), report_type: history.reportType };

  return (
    <OrderDashboardLayout
      title={t('dashboard.title')}
      subtitle={location.description}
      {...create.layout}
      testId="online-dashboard"
      stats={<ExitStatGrid testId="online-stats" stats={stats.data} isLoading={stats.isPending} />}
      historyTitle={t('dashboard.history')}
      filters={<OrderHistoryFilters filters={history} textTestId="online-filters" hasReportType date="exit" />}
    >
      <PagedTable {...onlineOrdersPages(location.id, filters)} columns={columns} {...create.emptyList} testId="online-orders" />
      <OrderDownloadDialog download={download} onClose={() => setDownload(null)} />
      <DeleteOrderDialog
        target={toDelete}
        title={(order) => t('dashboard.delete.title', { code: order.order_code })}
        message={t('dashboard.delete.body')}
        run={(order) => remove.mutateAsync(order.id)}
        otherError="noResults"
        onClose={() => setToDelete(null)}
      />
    </OrderDashboardLayout>
  );
};
