import DownloadIcon from '@mui/icons-material/Download';
import LockIcon from '@mui/icons-material/LockOutlined';
import { Link, Stack, Tooltip, useMediaQuery, useTheme } from '@mui/material';
import type { OnlineOrder } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { emptyCreate } from '../../../components/empty-create';
import { IconMenu } from '../../../components/icon-menu';
import { NoLocation } from '../../../components/no-location';
import { type Column, PagedTable } from '../../../components/paged-table';
import { TwoLineDate } from '../../../components/two-line';
import { useCurrentLocation } from '../../../lib/current-location';
import { canChangeOrders, canCreateOrders, useRole } from '../../auth';
import {
  DeleteOrderDialog,
  DeleteRowButton,
  defaultStatsRange,
  ExitStatGrid,
  ORDER_PATHS,
  OrderDashboardLayout,
  type OrderDownload,
  OrderDownloadDialog,
  OrderHistoryFilters,
  OrderStateIcon,
  orderCsvMenuItems,
  orderIdColumn,
  RowActions,
  useOrderCountColumns,
  useOrderHistoryFilters,
  WaitingTime,
} from '../../orders';
import { useDeleteOnlineOrder } from './api/online-orders-delete';
import { type OnlineOrderFilters, onlineOrdersPages } from './api/online-orders-list';
import { useOnlineStats } from './api/online-stats';

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
  const countColumns = useOrderCountColumns<OnlineOrder>((row) => PATHS.boxes(row.id));

  if (!location) return <NoLocation testId="online-no-location">{t('dashboard.noLocation')}</NoLocation>;

  const filters: OnlineOrderFilters = {
    ...history.text,
    origin_status: history.status,
    report_type: history.reportType,
    exit_date__gte: history.dates.gte,
    exit_date__lte: history.dates.lte,
  };
  const canDelete = canChangeOrders(role);

  const columns: Column<OnlineOrder>[] = [
    {
      id: 'state',
      header: t('dashboard.columns.state'),
      cell: (row) => <OrderStateIcon status={row.origin_status} withLabel={isPhone} />,
    },
    {
      id: 'waiting',
      header: t('dashboard.columns.waiting'),
      // Red once the estimated exit has passed (the arrival estimate when there is no exit estimate).
      cell: (row) => (
        <WaitingTime
          seconds={row.waiting_time}
          estimated={row.estimated_exit_date ?? row.estimated_arrival_date}
          happened={row.exit_date}
        />
      ),
    },
    orderIdColumn(t('dashboard.columns.id'), (row) => PATHS.detail(row.id)),
    {
      id: 'code',
      header: t('dashboard.columns.orderCode'),
      cell: (row) => (
        <Link component={RouterLink} to={PATHS.detail(row.id)} data-testid="order-code-link">
          {row.order_code}
        </Link>
      ),
      mobile: 'title',
    },
    {
      id: 'exit',
      header: t('dashboard.columns.exit'),
      cell: (row) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', justifyContent: { xs: 'flex-end', md: 'flex-start' } }}>
          <TwoLineDate value={row.exit_date} />
          {row.closed && (
            <Tooltip title={t('dashboard.closed')}>
              <LockIcon fontSize="small" color="action" aria-label={t('dashboard.closed')} data-testid="order-closed" />
            </Tooltip>
          )}
        </Stack>
      ),
    },
    ...countColumns,
    {
      id: 'actions',
      header: t('dashboard.columns.actions'),
      cell: (row) => (
        <RowActions>
          <IconMenu
            icon={<DownloadIcon fontSize="small" />}
            label={t('dashboard.actions.download')}
            testId="order-download"
            items={orderCsvMenuItems({
              orderPath: `/orders/${row.id}`,
              fileName: `online-${row.id}`,
              labels: {
                order: t('dashboard.actions.downloadOrder'),
                items: t('dashboard.actions.downloadItems'),
                orderXlsx: t('dashboard.actions.downloadOrderXlsx'),
                itemsXlsx: t('dashboard.actions.downloadItemsXlsx'),
              },
              onPick: setDownload,
            })}
          />
          {canDelete && row.num_verified_boxes === 0 && (
            <DeleteRowButton label={t('dashboard.actions.delete')} onClick={() => setToDelete(row)} />
          )}
        </RowActions>
      ),
    },
  ];

  return (
    <OrderDashboardLayout
      title={t('dashboard.title')}
      subtitle={location.description}
      createTo={PATHS.create}
      createLabel={t('dashboard.newOrder')}
      canCreate={canCreateOrders(role)}
      testId="online-dashboard"
      stats={<ExitStatGrid testId="online-stats" stats={stats.data} isLoading={stats.isPending} />}
      historyTitle={t('dashboard.history')}
      filters={<OrderHistoryFilters filters={history} textTestId="online-filters" hasReportType date="exit" />}
    >
      <PagedTable
        {...onlineOrdersPages(location.id, filters)}
        columns={columns}
        {...emptyCreate({
          canCreate: canCreateOrders(role),
          to: PATHS.create,
          label: t('dashboard.newOrder'),
          createText: t('dashboard.emptyCreate'),
          emptyText: t('dashboard.empty'),
        })}
        testId="online-orders"
      />
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
