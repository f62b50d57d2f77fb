import { useTranslation } from 'react-i18next';
import { NoLocation } from '../../../components/no-location';
import { PagedTable } from '../../../components/paged-table';
import { StatGrid } from '../../../components/stat-grid';
import { canCreateOrders } from '../../auth';
import { ORDER_PATHS, OrderDashboardLayout, OrderHistoryFilters, orderDashboardCreate } from '../../orders';
import { purchaseOrdersPages } from '../api/porders-list';
import { inboundStatItems, useInboundColumns } from './columns';
import { InboundDashboardDialogs, InboundHistoryButtons } from './inbound-dashboard-actions';
import { type TextFilters, useInboundDashboard } from './use-inbound-dashboard';

const PATHS = ORDER_PATHS.purchase;

/**
 * The inbound dashboard (spec section 2): six statistics, the order history with every filter
 * (11 per page, 20 s refresh on desktop, cards on phones), row downloads, delete and the print-data
 * download for the arrival range. Roles that may print tick orders (kept across pages) and print their expected labels
 * in one print order through the 3-step print wizard (spec: "tick for printing" and the toolbar's print wizard).
 */
export const InboundDashboardPage = () => {
  const { t, i18n } = useTranslation('inbound');
  const dashboard = useInboundDashboard();
  const columns = useInboundColumns(dashboard);
  const { location, role, stats, history } = dashboard;
  const create = orderDashboardCreate(t, PATHS.create, canCreateOrders(role));

  if (!location) return <NoLocation testId="inbound-no-location">{t('dashboard.noLocation')}</NoLocation>;

  return (
    <OrderDashboardLayout
      title={t('dashboard.title')}
      {...create.layout}
      testId="inbound-dashboard"
      stats={
        <StatGrid testId="inbound-stats" isLoading={stats.isPending} items={inboundStatItems(t, stats.data, i18n.language)} />
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
          <InboundHistoryButtons dashboard={dashboard} locationId={location.id} />
        </OrderHistoryFilters>
      }
    >
      <PagedTable
        {...purchaseOrdersPages(location.id, dashboard.filters)}
        columns={columns}
        {...create.emptyList}
        testId="inbound-orders"
      />
      <InboundDashboardDialogs dashboard={dashboard} />
    </OrderDashboardLayout>
  );
};
