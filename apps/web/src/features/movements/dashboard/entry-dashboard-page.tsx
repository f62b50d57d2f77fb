import BlockIcon from '@mui/icons-material/Block';
import { useMediaQuery, useTheme } from '@mui/material';
import type { MovementOrder } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoLocation } from '../../../components/no-location';
import { useCurrentLocation } from '../../../lib/current-location';
import { canChangeOrders, useRole } from '../../auth';
import {
  DeleteRowButton,
  defaultStatsRange,
  destinationHistoryQuery,
  EntryStatGrid,
  OrderActionDialog,
  OrderHistoryFilters,
  RowActionButton,
  RowActions,
  useOrderHistoryFilters,
} from '../../orders';
import { movementsKeys } from '../keys';
import { type EntryFilters, getEntries } from './api/entries-list';
import { useEntryStats } from './api/entry-stats';
import { useCancelMovementEntry } from './api/morders-cancel';
import { useMovementColumns } from './movement-columns';
import { DeleteMovementDialog, MovementDashboardLayout } from './movement-dashboard-layout';

/**
 * The movement-entry dashboard (spec section 2): five statistics, the status filter, and the
 * movements arriving here (11 per page, 20 s refresh on a desktop, an infinite list on phones)
 * linking to the order detail and boxes. Row icons: cancel (destination_status 4) when the origin
 * verified boxes and the destination none; delete when neither side verified any.
 */
export const EntryDashboardPage = () => {
  const { t } = useTranslation(['movements', 'common']);
  const location = useCurrentLocation();
  const isPhone = useMediaQuery(useTheme().breakpoints.down('md'));
  const canChange = canChangeOrders(useRole());
  const cancel = useCancelMovementEntry();
  const history = useOrderHistoryFilters({ id__icontains: '', order_code__icontains: '' });
  const [toDelete, setToDelete] = useState<MovementOrder | null>(null);
  const [toCancel, setToCancel] = useState<MovementOrder | null>(null);
  const stats = useEntryStats(location?.id ?? 0, defaultStatsRange(), isPhone);
  const columns = useMovementColumns({
    side: 'entry',
    isPhone,
    actions: (row) =>
      canChange && (row.can_cancel || row.can_delete) ? (
        <RowActions>
          {row.can_cancel && (
            <RowActionButton
              label={t('actions.cancel')}
              icon={<BlockIcon fontSize="small" />}
              color="warning"
              onClick={() => setToCancel(row)}
              testId="cancel-order"
            />
          )}
          {row.can_delete && <DeleteRowButton label={t('actions.delete')} onClick={() => setToDelete(row)} />}
        </RowActions>
      ) : null,
  });

  if (!location) return <NoLocation testId="movements-no-location">{t('noLocation')}</NoLocation>;

  const filters: EntryFilters = destinationHistoryQuery(history);

  return (
    <MovementDashboardLayout
      side="entry"
      location={location}
      stats={<EntryStatGrid testId="entry-stats" stats={stats.data} isLoading={stats.isPending} />}
      filters={<OrderHistoryFilters filters={history} textTestId="entry-filters" statusLabel="status" date="arrival" />}
      columns={columns}
      queryKey={movementsKeys.entries(location.id, filters)}
      fetchPage={(page) => getEntries(location.id, filters, page)}
    >
      {/* The movement dashboards' other errors read 'Ha sucedido algo inesperado' (spec section 8). */}
      <DeleteMovementDialog target={toDelete} otherError="unexpected" onClose={() => setToDelete(null)} />
      <OrderActionDialog
        target={toCancel}
        title={(order) => t('cancel.title', { code: order.order_code })}
        message={t('cancel.body')}
        run={(order) => cancel.mutateAsync(order.id)}
        messages={{ success: t('cancel.success'), conflict: t('cancel.conflict'), other: t('common:errors.unexpected') }}
        onClose={() => setToCancel(null)}
      />
    </MovementDashboardLayout>
  );
};
