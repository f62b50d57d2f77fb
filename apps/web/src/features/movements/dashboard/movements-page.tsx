import CallMadeIcon from '@mui/icons-material/CallMade';
import CallReceivedIcon from '@mui/icons-material/CallReceived';
import { Box, Link, Stack, Tooltip } from '@mui/material';
import type { MovementOrder } from '@rfid/contract';
import { type ReactElement, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { emptyCreate } from '../../../components/empty-create';
import { FilterBar } from '../../../components/filter-bar';
import { LinkButton } from '../../../components/link-button';
import { NoLocation } from '../../../components/no-location';
import { type Column, PagedTable } from '../../../components/paged-table';
import { StatusChip } from '../../../components/status-chip';
import { TwoLineDate, TwoLineHeader } from '../../../components/two-line';
import { useCurrentLocation } from '../../../lib/current-location';
import { formatQuantity } from '../../../lib/format';
import { canCreateOrders, useRole } from '../../auth';
import { type MovementSide, ORDER_PATHS, OrderDashboardLayout, orderIdColumn, orderStatusMap } from '../../orders';
import { type AwareFilters, awareMovementsPages } from './api/aware-list';

/** The arrow of each side: leaving (exit) and arriving (entry). */
const SIDE_ICONS: Record<MovementSide, ReactElement> = {
  exit: <CallMadeIcon fontSize="small" color="primary" />,
  entry: <CallReceivedIcon fontSize="small" color="success" />,
};

/**
 * Every movement from or to the current location (GET /locations/{id}/morderscaware/), 11 per
 * page; each row links to its exit side (leaving here) or its entry side (arriving here).
 */
export const MovementsPage = () => {
  const { t, i18n } = useTranslation(['movements', 'orders']);
  const location = useCurrentLocation();
  const role = useRole();
  const [filters, setFilters] = useState<AwareFilters>({ id__icontains: '', order_code__icontains: '' });

  if (!location) return <NoLocation testId="movements-no-location">{t('noLocation')}</NoLocation>;

  const quantity = (value: number) => formatQuantity(value, i18n.language);
  const statusMap = orderStatusMap(t);
  const sideOf = (row: MovementOrder): MovementSide => (row.origin === location.id ? 'exit' : 'entry');
  const boxes = (verified: number, row: MovementOrder) => `${quantity(verified)} / ${quantity(row.num_boxes)}`;

  /** One line per side: its arrow, then what `render` shows of it. */
  const bySide = (render: (side: MovementSide) => ReactNode) => (
    <Stack spacing={0.5} sx={{ alignItems: { xs: 'flex-end', md: 'flex-start' } }}>
      {(['exit', 'entry'] as const).map((side) => (
        <Stack key={side} direction="row" spacing={0.5} sx={{ alignItems: 'center' }} data-testid={`${side}-side`}>
          <Tooltip title={t(`all.side.${side}`)}>{SIDE_ICONS[side]}</Tooltip>
          {render(side)}
        </Stack>
      ))}
    </Stack>
  );

  const columns: Column<MovementOrder>[] = [
    {
      id: 'direction',
      header: t('all.columns.direction'),
      cell: (row) => {
        const side = sideOf(row);
        return (
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', justifyContent: { xs: 'flex-end', md: 'flex-start' }, minWidth: { md: 160 } }}
            data-testid={`movement-${side}`}
          >
            {SIDE_ICONS[side]}
            <Box sx={{ textAlign: { xs: 'right', md: 'left' } }}>
              <Box data-testid="movement-direction">{t(`all.${side}Label`)}</Box>
              <Box sx={{ typography: 'body2', color: 'text.secondary' }} data-testid="movement-location">
                {side === 'exit' ? row.destination_description : row.origin_description}
              </Box>
            </Box>
          </Stack>
        );
      },
    },
    orderIdColumn(t('columns.id'), (row) => ORDER_PATHS[sideOf(row)].detail(row.id)),
    {
      id: 'code',
      header: t('columns.orderCode'),
      cell: (row) => (
        <Link component={RouterLink} to={ORDER_PATHS[sideOf(row)].boxes(row.id)} data-testid="order-code-link">
          {row.order_code}
        </Link>
      ),
      mobile: 'title',
    },
    { id: 'created', header: t('columns.created'), cell: (row) => <TwoLineDate value={row.creation_date} /> },
    {
      id: 'status',
      header: t('all.columns.status'),
      cell: (row) =>
        bySide((side) => <StatusChip status={side === 'exit' ? row.origin_status : row.destination_status} map={statusMap} />),
    },
    {
      id: 'boxes',
      header: <TwoLineHeader title={t('columns.boxes')} detail={t('columns.verifiedTotal')} />,
      cell: (row) =>
        bySide((side) => (
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {boxes(side === 'exit' ? row.origin_num_verified_boxes : row.destination_num_verified_boxes, row)}
          </Box>
        )),
    },
  ];

  return (
    <OrderDashboardLayout
      title={t('all.title')}
      subtitle={location.description}
      createTo={ORDER_PATHS.exit.create}
      createLabel={t('newOrder')}
      canCreate={canCreateOrders(role)}
      actions={
        <>
          <LinkButton to={ORDER_PATHS.exit.dashboard} icon={<CallMadeIcon />} testId="exit-link">
            {t('exit.title')}
          </LinkButton>
          <LinkButton to={ORDER_PATHS.entry.dashboard} icon={<CallReceivedIcon />} testId="entry-link">
            {t('entry.title')}
          </LinkButton>
        </>
      }
      testId="movements-page"
      filters={
        <FilterBar<AwareFilters>
          fields={[
            { name: 'id__icontains', label: t('filters.id') },
            { name: 'order_code__icontains', label: t('filters.orderCode') },
          ]}
          value={filters}
          onChange={setFilters}
          testId="movements-filters"
        />
      }
    >
      <PagedTable
        {...awareMovementsPages(location.id, filters)}
        columns={columns}
        {...emptyCreate({
          canCreate: canCreateOrders(role),
          to: ORDER_PATHS.exit.create,
          label: t('newOrder'),
          createText: t('emptyCreate'),
          emptyText: t('empty'),
        })}
        testId="movements-orders"
      />
    </OrderDashboardLayout>
  );
};
