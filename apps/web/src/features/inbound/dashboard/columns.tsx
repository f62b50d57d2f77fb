import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PrintIcon from '@mui/icons-material/Print';
import { Box, Link } from '@mui/material';
import type { InboundStats, PurchaseOrder } from '@rfid/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { IconMenu } from '../../../components/icon-menu';
import type { Column } from '../../../components/paged-table';
import { type StatItem, statValue } from '../../../components/stat-grid';
import { StatusChip } from '../../../components/status-chip';
import { tickColumn } from '../../../components/tick-column';
import { StackedDateTimes, TwoLineDate, TwoLineHeader } from '../../../components/two-line';
import { formatQuantity } from '../../../lib/format';
import { canCreateOrders } from '../../auth';
import { ORDER_PATHS, orderCsvMenuItems, orderIdColumn, orderStatusMap, useOrderCountColumns, WaitingTime } from '../../orders';
import { firstPart } from '../api/inbound-stats';
import type { InboundDashboard } from './use-inbound-dashboard';

const PATHS = ORDER_PATHS.purchase;

/** The six figures of the dashboard; "hours,seconds" figures show their first part, as a number in `language`. */
export const inboundStatItems = (t: TFunction, stats: InboundStats | undefined, language: string): StatItem[] => {
  const hours = t('dashboard.stats.hours');
  const hoursOf = (value: string | undefined) => {
    const text = firstPart(value);
    return text === '' || Number.isNaN(Number(text)) ? text || '—' : statValue(Number(text), language);
  };
  return [
    { id: 'orders', title: t('dashboard.stats.orders'), value: formatQuantity(stats?.orders, language) },
    {
      id: 'receptionTime',
      title: t('dashboard.stats.receptionTime'),
      value: hoursOf(stats?.reception_time),
      unit: hours,
    },
    { id: 'maxTime', title: t('dashboard.stats.maxTime'), value: hoursOf(stats?.max_time), unit: hours },
    {
      id: 'averageDelay',
      title: t('dashboard.stats.averageDelay'),
      value: statValue(stats?.average_delay, language),
      unit: hours,
    },
    { id: 'dailyOrders', title: t('dashboard.stats.dailyOrders'), value: statValue(stats?.daily_orders, language) },
    {
      id: 'incorrectDaily',
      title: t('dashboard.stats.incorrectDaily'),
      value: statValue(stats?.incorrect_daily_orders, language),
      color: 'error.main',
    },
  ];
};

const providerLink = (row: PurchaseOrder) =>
  row.origin !== null ? (
    <Link component={RouterLink} to={`/inbound/provider/${row.origin}/detail`} data-testid="order-provider-link">
      {row.provider_name}
    </Link>
  ) : (
    ''
  );

/** The tick for printing: a checkbox per order (desktop: a print icon named "Print" as its header). */
const printTickColumn = (t: TFunction, { isPhone, ticked, toggle }: InboundDashboard): Column<PurchaseOrder> =>
  tickColumn({
    // Desktop: a print icon named "Print" (its word widened the table past 1280 px with the menu open).
    header: isPhone ? (
      t('print.ticked')
    ) : (
      <PrintIcon fontSize="small" titleAccess={t('print.ticked')} sx={{ verticalAlign: 'middle' }} />
    ),
    isTicked: (row) => ticked.has(row.id),
    toggle,
    label: (row) => t('print.tickOrder', { code: row.order_code }),
    testId: 'order-tick',
  });

/** The order code (with its provider under it on desktop) and, on phones, the provider as its own field. */
const codeColumns = (t: TFunction, isPhone: boolean): Column<PurchaseOrder>[] => [
  {
    id: 'code',
    // Desktop: the provider under the code keeps the eleven figures within the screen; phones show it as its own field.
    header: isPhone ? t('dashboard.columns.orderCode') : t('dashboard.columns.orderProvider'),
    cell: (row) => (
      // A code or provider name with no space (another journey's 'E2E-…-1712…') breaks anywhere rather than widening
      // the table past its container at 1280 px with the menu open (CI's every-route walk met 958 > 950 px).
      <Box sx={{ minWidth: { md: 140 }, overflowWrap: 'anywhere' }}>
        <Link component={RouterLink} to={PATHS.boxes(row.id)} data-testid="order-code-link">
          {row.order_code}
        </Link>
        {!isPhone && <Box sx={{ typography: 'body2' }}>{providerLink(row)}</Box>}
      </Box>
    ),
    mobile: 'title',
  },
  ...(isPhone ? [{ id: 'provider', header: t('dashboard.columns.provider'), cell: providerLink }] : []),
];

/** Creation and estimated arrival: two fields on phones, one stacked column on desktop. */
const dateColumns = (t: TFunction, isPhone: boolean): Column<PurchaseOrder>[] =>
  isPhone
    ? [
        {
          id: 'created',
          header: t('dashboard.columns.created'),
          cell: (row: PurchaseOrder) => <TwoLineDate value={row.creation_date} />,
        },
        {
          id: 'estimated',
          header: t('dashboard.columns.estimated'),
          cell: (row: PurchaseOrder) => <TwoLineDate value={row.estimated_arrival_date} />,
        },
      ]
    : [
        {
          id: 'dates',
          header: <TwoLineHeader title={t('dashboard.columns.created')} detail={t('dashboard.columns.estimated')} />,
          cell: (row: PurchaseOrder) => <StackedDateTimes first={row.creation_date} second={row.estimated_arrival_date} />,
        },
      ];

/** The row menu: the CSV and Excel downloads, print labels (roles that may print) and delete (roles that may create). */
const actionsColumn = (
  t: TFunction,
  { role, canPrint, setDownload, openPrint, setToDelete }: InboundDashboard,
): Column<PurchaseOrder> => ({
  id: 'actions',
  header: t('dashboard.columns.actions'),
  cell: (row) => (
    <IconMenu
      icon={<MoreVertIcon fontSize="small" />}
      label={t('dashboard.columns.actions')}
      testId="order-actions"
      items={[
        ...orderCsvMenuItems({
          orderPath: `/porders/${row.id}`,
          fileName: `order-${row.id}`,
          t,
          onPick: setDownload,
        }),
        // Tick for printing (spec section 2): the order's expected labels on a printer.
        ...(canPrint
          ? [
              {
                id: 'print-labels',
                label: t('print.labels'),
                icon: <PrintIcon fontSize="small" />,
                onClick: () => openPrint(row),
              },
            ]
          : []),
        ...(canCreateOrders(role)
          ? [
              {
                id: 'delete-order',
                label: t('dashboard.actions.delete'),
                icon: <DeleteIcon fontSize="small" color="error" />,
                onClick: () => setToDelete(row),
                isDanger: true,
              },
            ]
          : []),
      ]}
    />
  ),
});

/** The columns of the inbound history, as the dashboard's state (`useInboundDashboard`) shapes them. */
export const useInboundColumns = (dashboard: InboundDashboard): Column<PurchaseOrder>[] => {
  // Its texts are the `inbound` namespace's and the `orders` one's (the state's), both among the first texts of the
  // page opened first (app/first-pages.ts): no other namespace, or its first render would wait for every other page's.
  const { t } = useTranslation('inbound');
  const statusMap = orderStatusMap(t);
  const countColumns = useOrderCountColumns<PurchaseOrder>();
  const { isPhone } = dashboard;
  return [
    ...(dashboard.canPrint ? [printTickColumn(t, dashboard)] : []),
    orderIdColumn(t('dashboard.columns.id'), (row) => PATHS.detail(row.id)),
    ...codeColumns(t, isPhone),
    {
      id: 'status',
      header: t('dashboard.columns.status'),
      cell: (row) => <StatusChip status={row.destination_status} map={statusMap} />,
    },
    ...dateColumns(t, isPhone),
    {
      id: 'arrival',
      header: t('dashboard.columns.arrival'),
      cell: (row) => <TwoLineDate value={row.arrival_date} />,
    },
    {
      id: 'waiting',
      header: t('dashboard.columns.waiting'),
      cell: (row) => (
        <WaitingTime seconds={row.waiting_time} estimated={row.estimated_arrival_date} happened={row.arrival_date} />
      ),
    },
    ...countColumns,
    actionsColumn(t, dashboard),
  ];
};
