import DownloadIcon from '@mui/icons-material/Download';
import { useMediaQuery, useTheme } from '@mui/material';
import type { MovementOrder } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoLocation } from '../../../components/no-location';
import { SelectFilter } from '../../../components/select-filter';
import { useCurrentLocation } from '../../../lib/current-location';
import { canChangeOrders, useRole } from '../../auth';
import {
  DeleteRowButton,
  defaultStatsRange,
  ExitStatGrid,
  type OrderDownload,
  OrderDownloadDialog,
  OrderHistoryFilters,
  originHistoryQuery,
  RowActionButton,
  RowActions,
  useOrderHistoryFilters,
} from '../../orders';
import { movementsKeys } from '../keys';
import { useExitStats } from './api/exit-stats';
import { type ExitFilters, getExits } from './api/exits-list';
import { useMovementColumns } from './movement-columns';
import { DeleteMovementDialog, MovementDashboardLayout } from './movement-dashboard-layout';

/** What a row's download holds (spec: "A report-mode filter chooses GTIN (0) or EPC (1)"). */
const REPORT_MODES = ['0', '1'] as const;

/**
 * The exit (movement) orders dashboard (spec section 2): five statistics, the state dropdown (All,
 * 0 to 4), the exit date range and the report mode of the downloads; a paged table (11, 20 s
 * refresh on a desktop, cards on phones) with per-row download and delete, the delete icon only
 * while no box is verified.
 */
export const ExitDashboardPage = () => {
  const { t } = useTranslation('movements');
  const location = useCurrentLocation();
  const isPhone = useMediaQuery(useTheme().breakpoints.down('md'));
  const canDelete = canChangeOrders(useRole());
  const history = useOrderHistoryFilters({ id__icontains: '', order_code__icontains: '' });
  const [reportMode, setReportMode] = useState<string>('0');
  const [download, setDownload] = useState<OrderDownload | null>(null);
  const [toDelete, setToDelete] = useState<MovementOrder | null>(null);
  const stats = useExitStats(location?.id ?? 0, defaultStatsRange(), isPhone);
  const columns = useMovementColumns({
    side: 'exit',
    isPhone,
    actions: (row) => (
      <RowActions>
        <RowActionButton
          label={t('actions.download', { mode: t(`reportMode.${reportMode}`) })}
          icon={<DownloadIcon fontSize="small" />}
          onClick={() =>
            setDownload({
              path: `/morders/${row.id}/csv/`,
              query: { report_mode: reportMode },
              fileName: `movement-${row.id}${reportMode === '1' ? '-epcs' : ''}.csv`,
            })
          }
          testId="download-order"
        />
        {canDelete && row.can_delete && <DeleteRowButton label={t('actions.delete')} onClick={() => setToDelete(row)} />}
      </RowActions>
    ),
  });

  if (!location) return <NoLocation testId="movements-no-location">{t('noLocation')}</NoLocation>;

  const filters: ExitFilters = originHistoryQuery(history);

  return (
    <MovementDashboardLayout
      side="exit"
      location={location}
      stats={<ExitStatGrid testId="exit-stats" stats={stats.data} isLoading={stats.isPending} />}
      filters={
        <OrderHistoryFilters filters={history} textTestId="exit-filters" date="exit">
          <SelectFilter
            label={t('filters.reportMode')}
            value={reportMode}
            onChange={setReportMode}
            options={REPORT_MODES.map((mode) => ({ value: mode, label: t(`reportMode.${mode}`) }))}
            testId="filter-report-mode"
            minWidth={160}
          />
        </OrderHistoryFilters>
      }
      columns={columns}
      queryKey={movementsKeys.exits(location.id, filters)}
      fetchPage={(page) => getExits(location.id, filters, page)}
    >
      <OrderDownloadDialog download={download} onClose={() => setDownload(null)} />
      {/* The exit dashboard's other errors read 'No results found' (spec section 8). */}
      <DeleteMovementDialog target={toDelete} otherError="noResults" onClose={() => setToDelete(null)} />
    </MovementDashboardLayout>
  );
};
