import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PrintIcon from '@mui/icons-material/Print';
import { Box, Button, Checkbox, Link, Tooltip, useMediaQuery, useTheme } from '@mui/material';
import { type PurchaseOrder, RoleThreshold } from '@rfid/contract';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isValidDateRange } from '../../../components/date-range-filter';
import { emptyCreate } from '../../../components/empty-create';
import { IconMenu } from '../../../components/icon-menu';
import { NoLocation } from '../../../components/no-location';
import { type Column, PagedTable } from '../../../components/paged-table';
import { StatGrid, statValue } from '../../../components/stat-grid';
import { StatusChip } from '../../../components/status-chip';
import { StackedDateTimes, TwoLineDate, TwoLineHeader } from '../../../components/two-line';
import { useCurrentLocation } from '../../../lib/current-location';
import { formatQuantity, rangeBounds } from '../../../lib/format';
import { canCreateOrders, hasRole, useRole } from '../../auth';
import {
  DeleteOrderDialog,
  ORDER_PATHS,
  OrderDashboardLayout,
  type OrderDownload,
  OrderDownloadDialog,
  OrderHistoryFilters,
  orderCsvMenuItems,
  orderIdColumn,
  orderStatusMap,
  useOrderCountColumns,
  useOrderHistoryFilters,
  WaitingTime,
} from '../../orders';
import { type ExpectedPrintTarget, LazyPrintExpectedDialog, LazyPrintWizardDialog } from '../../print-wizard';
import { firstPart, useInboundStats } from '../api/inbound-stats';
import { useDeletePurchaseOrder } from '../api/porders-delete';
import { EMPTY_ORDER_FILTERS, type OrderFilters, purchaseOrdersPages } from '../api/porders-list';
import { usePrintPurchaseOrderLabels } from '../api/porders-printing';

const PATHS = ORDER_PATHS.purchase;

type TextFilters = Pick<OrderFilters, 'id__icontains' | 'order_code__icontains' | 'origin__name__icontains'>;

/**
 * The inbound dashboard (spec section 2): six statistics, the order history with every filter
 * (11 per page, 20 s refresh on desktop, cards on phones), row downloads, delete and the print-data
 * download for the arrival range. Roles that may print tick orders (kept across pages) and print their expected labels
 * in one print order through the 3-step print wizard (spec: "tick for printing" and the toolbar's print wizard).
 */
export const InboundDashboardPage = () => {
  const { t, i18n } = useTranslation('inbound');
  const { t: tv } = useTranslation('inbound-verification');
  const { t: tp } = useTranslation('printing');
  const location = useCurrentLocation();
  const isPhone = useMediaQuery(useTheme().breakpoints.down('md'));
  const role = useRole();
  const remove = useDeletePurchaseOrder();
  const printLabels = usePrintPurchaseOrderLabels();
  const [toPrint, setToPrint] = useState<ExpectedPrintTarget | null>(null);
  // The expected labels' dialog loads its code on the first "print labels"; it stays mounted after, so it closes as it opens.
  const [wasPrintOpened, setPrintOpened] = useState(false);
  // Ticked orders (id → code), kept across pages and filters: one print order of all their expected labels.
  const [ticked, setTicked] = useState<ReadonlyMap<number, string>>(new Map());
  const [isWizardOpen, setWizardOpen] = useState(false);
  const [wasWizardOpened, setWizardOpened] = useState(false);
  const canPrint = hasRole(role, RoleThreshold.printOrderAdd);
  const toggle = (row: PurchaseOrder) =>
    setTicked((current) => {
      const next = new Map(current);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row.order_code);
      return next;
    });
  const history = useOrderHistoryFilters<TextFilters>({
    id__icontains: '',
    order_code__icontains: '',
    origin__name__icontains: '',
  });
  const [download, setDownload] = useState<OrderDownload | null>(null);
  const [toDelete, setToDelete] = useState<PurchaseOrder | null>(null);

  const { range } = history;
  // The print-data download needs a valid range with a start (spec section 5).
  const rangeOk = isValidDateRange(range);
  const bounds = rangeBounds(range.start, range.end);
  const filters: OrderFilters = {
    ...EMPTY_ORDER_FILTERS,
    ...history.text,
    destination_status: history.status,
    // The select offers only the report types of the contract ('' is All).
    report_type: history.reportType as OrderFilters['report_type'],
    arrival_date__gte: history.dates.gte,
    arrival_date__lte: history.dates.lte,
  };
  const stats = useInboundStats(location?.id ?? 0, {}, isPhone);
  const statusMap = orderStatusMap(tv);
  const countColumns = useOrderCountColumns<PurchaseOrder>();

  if (!location) return <NoLocation testId="inbound-no-location">{t('dashboard.noLocation')}</NoLocation>;

  const language = i18n.language;
  const hours = t('dashboard.stats.hours');
  /** "hours,seconds": the first part, as a number in the user's language. */
  const hoursOf = (value: string | undefined) => {
    const text = firstPart(value);
    return text === '' || Number.isNaN(Number(text)) ? text || '—' : statValue(Number(text), language);
  };

  const providerLink = (row: PurchaseOrder) =>
    row.origin !== null ? (
      <Link component={RouterLink} to={`/inbound/provider/${row.origin}/detail`} data-testid="order-provider-link">
        {row.provider_name}
      </Link>
    ) : (
      ''
    );

  const tickColumn: Column<PurchaseOrder> = {
    id: 'tick',
    // Desktop: a print icon named "Print" (its word widened the table past 1280 px with the menu open).
    header: isPhone ? (
      tp('wizard.ticked')
    ) : (
      <PrintIcon fontSize="small" titleAccess={tp('wizard.ticked')} sx={{ verticalAlign: 'middle' }} />
    ),
    cell: (row) => (
      <Checkbox
        size="small"
        checked={ticked.has(row.id)}
        onChange={() => toggle(row)}
        slotProps={{ input: { 'aria-label': tp('wizard.tickOrder', { code: row.order_code }) } }}
        data-testid="order-tick"
      />
    ),
  };

  const columns: Column<PurchaseOrder>[] = [
    ...(canPrint ? [tickColumn] : []),
    orderIdColumn(t('dashboard.columns.id'), (row) => PATHS.detail(row.id)),
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
    {
      id: 'status',
      header: t('dashboard.columns.status'),
      cell: (row) => <StatusChip status={row.destination_status} map={statusMap} />,
    },
    ...(isPhone
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
        ]),
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
    {
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
              labels: {
                order: t('dashboard.actions.downloadOrder'),
                items: t('dashboard.actions.downloadItems'),
                orderXlsx: t('dashboard.actions.downloadOrderXlsx'),
                itemsXlsx: t('dashboard.actions.downloadItemsXlsx'),
              },
              onPick: setDownload,
            }),
            // Tick for printing (spec section 2): the order's expected labels on a printer.
            ...(canPrint
              ? [
                  {
                    id: 'print-labels',
                    label: tp('expected.printLabels'),
                    icon: <PrintIcon fontSize="small" />,
                    onClick: () => {
                      setPrintOpened(true);
                      setToPrint({ kind: 'order' as const, id: row.id, name: row.order_code });
                    },
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
    },
  ];

  return (
    <OrderDashboardLayout
      title={t('dashboard.title')}
      createTo={PATHS.create}
      createLabel={t('dashboard.newOrder')}
      canCreate={canCreateOrders(role)}
      testId="inbound-dashboard"
      stats={
        <StatGrid
          testId="inbound-stats"
          isLoading={stats.isPending}
          items={[
            { id: 'orders', title: t('dashboard.stats.orders'), value: formatQuantity(stats.data?.orders, language) },
            {
              id: 'receptionTime',
              title: t('dashboard.stats.receptionTime'),
              value: hoursOf(stats.data?.reception_time),
              unit: hours,
            },
            { id: 'maxTime', title: t('dashboard.stats.maxTime'), value: hoursOf(stats.data?.max_time), unit: hours },
            {
              id: 'averageDelay',
              title: t('dashboard.stats.averageDelay'),
              value: statValue(stats.data?.average_delay, language),
              unit: hours,
            },
            { id: 'dailyOrders', title: t('dashboard.stats.dailyOrders'), value: statValue(stats.data?.daily_orders, language) },
            {
              id: 'incorrectDaily',
              title: t('dashboard.stats.incorrectDaily'),
              value: statValue(stats.data?.incorrect_daily_orders, language),
              color: 'error.main',
            },
          ]}
        />
      }
      historyTitle={t('dashboard.history')}
      filters={
        <OrderHistoryFilters<TextFilters>
          filters={history}
          extraTextFields={[{ name: 'origin__name__icontains', label: t('dashboard.filters.provider') }]}
          textTestId="inbound-filters"
          hasReportType
          date="arrival"
        >
          {canPrint && (
            <Button
              variant="contained"
              startIcon={<PrintIcon />}
              disabled={ticked.size === 0}
              data-testid="print-ticked-orders"
              onClick={() => {
                setWizardOpened(true);
                setWizardOpen(true);
              }}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {tp('wizard.ordersButton', { count: ticked.size })}
            </Button>
          )}
          <Tooltip title={range.start ? '' : t('dashboard.printDataHint')}>
            <span>
              <Button
                variant="outlined"
                startIcon={<DownloadIcon />}
                disabled={!range.start || !rangeOk}
                data-testid="download-print-data"
                onClick={() =>
                  setDownload({
                    path: '/porderscsv/',
                    fileName: `print-data-${location.id}.csv`,
                    query: {
                      location_id: location.id,
                      date_time_from: bounds.start,
                      ...(range.end ? { date_time_to: bounds.end } : {}),
                    },
                  })
                }
                sx={{ whiteSpace: 'nowrap' }}
              >
                {t('dashboard.printData')}
              </Button>
            </span>
          </Tooltip>
        </OrderHistoryFilters>
      }
    >
      <PagedTable
        {...purchaseOrdersPages(location.id, filters)}
        columns={columns}
        {...emptyCreate({
          canCreate: canCreateOrders(role),
          to: PATHS.create,
          label: t('dashboard.newOrder'),
          createText: t('dashboard.emptyCreate'),
          emptyText: t('dashboard.empty'),
        })}
        testId="inbound-orders"
      />
      <OrderDownloadDialog download={download} onClose={() => setDownload(null)} />
      {wasWizardOpened && (
        <Suspense fallback={null}>
          <LazyPrintWizardDialog
            open={isWizardOpen}
            onClose={() => setWizardOpen(false)}
            orders={{ ids: [...ticked.keys()], codes: [...ticked.values()] }}
            onDone={() => setTicked(new Map())}
          />
        </Suspense>
      )}
      {wasPrintOpened && (
        <Suspense fallback={null}>
          <LazyPrintExpectedDialog
            target={toPrint}
            print={(chosen, printerId) => printLabels.mutateAsync({ orderId: chosen.id, printerId })}
            onClose={() => setToPrint(null)}
          />
        </Suspense>
      )}
      <DeleteOrderDialog
        target={toDelete}
        title={(order) => t('dashboard.deleteTitle', { code: order.order_code })}
        message={t('dashboard.deleteBody')}
        run={(order) => remove.mutateAsync(order.id)}
        otherError="unexpected"
        onClose={() => setToDelete(null)}
      />
    </OrderDashboardLayout>
  );
};
