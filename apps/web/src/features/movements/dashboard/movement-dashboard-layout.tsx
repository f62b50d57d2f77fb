import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Button } from '@mui/material';
import type { MovementOrder, Page } from '@rfid/contract';
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { emptyCreate } from '../../../components/empty-create';
import { type Column, PagedTable, type PageParams } from '../../../components/paged-table';
import type { CurrentLocation } from '../../../lib/storage';
import { canCreateOrders, useRole } from '../../auth';
import { DeleteOrderDialog, type MovementSide, ORDER_PATHS, OrderDashboardLayout } from '../../orders';
import { MOVEMENTS_PAGE_SIZE } from './api/exits-list';
import { useDeleteMovement } from './api/morders-delete';

/**
 * The exit and entry dashboards: the side's title over the location, the "all movements" and
 * "new movement" buttons, the statistics, and the side's history card (filters, then the
 * movements, 11 per page, 20 s refresh on a desktop, cards on phones); `children` are the page's
 * dialogs.
 */
export const MovementDashboardLayout = ({
  side,
  location,
  stats,
  filters,
  columns,
  queryKey,
  fetchPage,
  children,
}: {
  side: MovementSide;
  location: CurrentLocation;
  stats: ReactNode;
  filters: ReactNode;
  columns: Column<MovementOrder>[];
  queryKey: QueryKey;
  fetchPage: (page: PageParams) => Promise<Page<MovementOrder>>;
  children?: ReactNode;
}) => {
  const { t } = useTranslation('movements');
  const role = useRole();
  return (
    <OrderDashboardLayout
      title={t(`${side}.title`)}
      subtitle={location.description}
      createTo={ORDER_PATHS[side].create}
      createLabel={t('newOrder')}
      canCreate={canCreateOrders(role)}
      actions={
        <Button component={RouterLink} to="/movements/" startIcon={<SwapHorizIcon />} data-testid="all-movements">
          {t('all.link')}
        </Button>
      }
      testId={`${side}-dashboard`}
      stats={stats}
      historyTitle={t(`${side}.history`)}
      filters={filters}
    >
      <PagedTable
        queryKey={queryKey}
        fetchPage={fetchPage}
        columns={columns}
        rowKey={(row) => row.id}
        pageSize={MOVEMENTS_PAGE_SIZE}
        {...emptyCreate({
          canCreate: canCreateOrders(role),
          to: ORDER_PATHS[side].create,
          label: t('newOrder'),
          createText: t('emptyCreate'),
          emptyText: t('empty'),
        })}
        testId={`${side}-orders`}
      />
      {children}
    </OrderDashboardLayout>
  );
};

/**
 * Deleting a movement from its exit or entry dashboard (only with no verified box on either
 * side, else the 409 message); other errors read `otherError` (spec section 8: 'No results found'
 * on the exit dashboard, 'Ha sucedido algo inesperado' on the entry one).
 */
export const DeleteMovementDialog = ({
  target,
  otherError,
  onClose,
}: {
  target: MovementOrder | null;
  otherError: 'unexpected' | 'noResults';
  onClose: () => void;
}) => {
  const { t } = useTranslation('movements');
  const remove = useDeleteMovement();
  return (
    <DeleteOrderDialog
      target={target}
      title={(order) => t('delete.title', { code: order.order_code })}
      message={t('delete.body')}
      run={(order) => remove.mutateAsync(order.id)}
      otherError={otherError}
      onClose={onClose}
    />
  );
};
