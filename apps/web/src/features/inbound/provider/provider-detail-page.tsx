import { Box, Skeleton, Typography } from '@mui/material';
import type { PurchaseOrder } from '@rfid/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { linkCell } from '../../../components/link-cell';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { TitledPage } from '../../../components/page-title';
import { type Column, PagedTable } from '../../../components/paged-table';
import { StatBox } from '../../../components/stat-box';
import { StatusChip } from '../../../components/status-chip';
import { TableCard } from '../../../components/table-card';
import { formatDateTime, formatNumber, formatPercent, formatQuantity } from '../../../lib/format';
import { isLate, orderStatusMap } from '../../orders';
import { useProvider } from '../api/providers-get';
import { getProviderOrders, PROVIDER_ORDERS_PAGE_SIZE } from '../api/providers-orders';
import { useProviderStatistics } from '../api/providers-statistics';
import { inboundKeys } from '../keys';

/**
 * A provider: name, statistics (orders, average reception time, delayed orders) and two tables,
 * pending orders (status 0) and resolved orders (the rest), 11 per page each.
 */
export const ProviderDetailPage = () => {
  const { t, i18n } = useTranslation(['inbound-verification', 'common']);
  const { id = '' } = useParams();
  const provider = useProvider(id);
  const stats = useProviderStatistics(id);

  if (provider.isError) {
    return (
      <TitledPage title={t('provider.heading')}>
        <LoadErrorAlert error={provider.error} testId="provider-error" />
      </TitledPage>
    );
  }
  const hours = stats.data?.average_reception_time;
  return (
    <TitledPage
      title={provider.data ? <span data-testid="provider-name">{provider.data.name}</span> : <Skeleton width={240} />}
      subtitle={t('provider.heading')}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
        <StatBox
          title={t('provider.stats.orders')}
          value={stats.data ? formatQuantity(stats.data.order_count, i18n.language) : undefined}
          isLoading={stats.isPending}
          testId="provider-stat-orders"
        />
        <StatBox
          title={t('provider.stats.receptionTime')}
          value={hours === null || hours === undefined ? undefined : formatNumber(hours, i18n.language)}
          unit={hours === null || hours === undefined ? undefined : t('provider.stats.hours')}
          isLoading={stats.isPending}
          testId="provider-stat-reception"
        />
        <StatBox
          title={t('provider.stats.delay')}
          value={stats.data ? formatPercent(stats.data.delay_percent, i18n.language) : undefined}
          color={stats.data && stats.data.delay_percent > 0 ? 'error.main' : undefined}
          isLoading={stats.isPending}
          testId="provider-stat-delay"
        />
      </Box>
      <Typography variant="h6">{t('provider.pending')}</Typography>
      <ProviderOrders providerId={id} pending />
      <Typography variant="h6">{t('provider.resolved')}</Typography>
      <ProviderOrders providerId={id} pending={false} />
    </TitledPage>
  );
};

/** The order links do not wrap. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

const ProviderOrders = ({ providerId, pending }: { providerId: string; pending: boolean }) => {
  const { t, i18n } = useTranslation(['inbound-verification', 'common']);
  const quantity = (value: number) => formatQuantity(value, i18n.language);
  const columns: Column<PurchaseOrder>[] = [
    {
      id: 'order',
      header: t('provider.columns.order'),
      cell: linkCell(
        (order) => ({ to: `/inbound/order/${order.id}/detail`, text: `${order.id} · ${order.order_code}` }),
        'provider-order-link',
        NO_WRAP,
      ),
      mobile: 'title',
    },
    {
      id: 'status',
      header: t('provider.columns.status'),
      cell: (order) => <StatusChip status={order.destination_status} map={orderStatusMap(t)} />,
    },
    {
      id: 'created',
      header: t('provider.columns.created'),
      cell: (order) => <NoWrap>{formatDateTime(order.creation_date)}</NoWrap>,
    },
    {
      id: 'estimated',
      header: t('provider.columns.estimated'),
      cell: (order) => <NoWrap>{formatDateTime(order.estimated_arrival_date)}</NoWrap>,
    },
    {
      id: 'arrival',
      header: t('provider.columns.arrival'),
      cell: (order) => (
        <Box
          component="span"
          sx={{
            whiteSpace: 'nowrap',
            color: isLate(order.estimated_arrival_date, order.arrival_date) ? 'error.main' : undefined,
          }}
        >
          {formatDateTime(order.arrival_date, t('common:noDate'))}
        </Box>
      ),
    },
    {
      id: 'items',
      header: t('provider.columns.items'),
      cell: (order) => <NoWrap>{`${quantity(order.real_item_count)} / ${quantity(order.item_count)}`}</NoWrap>,
      align: 'right',
    },
    {
      id: 'boxes',
      header: t('provider.columns.boxes'),
      cell: linkCell(
        (order) => ({
          to: `/inbound/order/${order.id}/boxes`,
          text: `${quantity(order.num_verified_boxes)} / ${quantity(order.num_boxes)}`,
        }),
        undefined,
        NO_WRAP,
      ),
      align: 'right',
    },
  ];
  const testId = pending ? 'provider-pending' : 'provider-resolved';
  return (
    <TableCard>
      <PagedTable
        queryKey={inboundKeys.providerOrders(providerId, pending)}
        fetchPage={({ limit, offset, signal }) => getProviderOrders({ providerId, pending, limit, offset }, signal)}
        columns={columns}
        rowKey={(order) => order.id}
        pageSize={PROVIDER_ORDERS_PAGE_SIZE}
        emptyText={pending ? t('provider.noPending') : t('provider.noResolved')}
        testId={testId}
      />
    </TableCard>
  );
};

const NoWrap = ({ children }: { children: ReactNode }) => (
  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
    {children}
  </Box>
);
