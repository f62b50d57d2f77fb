import { Alert, Stack, Typography } from '@mui/material';
import type { FreeReadingSet } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { linkCell } from '../../components/link-cell';
import { type Column, PagedTable } from '../../components/paged-table';
import { TableCard } from '../../components/table-card';
import { useCurrentLocation } from '../../lib/current-location';
import { formatDateTime, formatQuantity } from '../../lib/format';
import { freeReadingSetsPages } from './api/get-free-reading-sets';

/** Free scans: the current location's reading sets that no order, inventory or sale claimed. */
export const FreeScanListPage = () => {
  const { t, i18n } = useTranslation('tracking');
  const location = useCurrentLocation();
  const columns: Column<FreeReadingSet>[] = [
    {
      id: 'id',
      header: t('freeScan.columns.id'),
      cell: linkCell((set) => ({ to: `/free-scan/${set.id}/detail`, text: set.id.slice(0, 8) }), 'free-scan-link', {
        fontFamily: 'monospace',
      }),
      mobile: 'title',
    },
    { id: 'date', header: t('freeScan.columns.date'), cell: (set) => formatDateTime(set.start_time) },
    { id: 'device', header: t('freeScan.columns.device'), cell: (set) => set.device?.serial_number ?? '—' },
    { id: 'area', header: t('freeScan.columns.area'), cell: (set) => set.area?.description ?? '—' },
    {
      id: 'epcs',
      header: t('freeScan.columns.epcs'),
      cell: (set) => formatQuantity(set.epc_count, i18n.language),
      align: 'right',
    },
    {
      id: 'reads',
      header: t('freeScan.columns.reads'),
      cell: (set) => formatQuantity(set.read_count, i18n.language),
      align: 'right',
    },
  ];
  return (
    <Stack spacing={2}>
      <div>
        <Typography variant="h5">{t('freeScan.title')}</Typography>
        {location && (
          <Typography variant="body2" color="text.secondary">
            {t('freeScan.subtitle', { location: location.description })}
          </Typography>
        )}
      </div>
      {location ? (
        <TableCard>
          <PagedTable
            {...freeReadingSetsPages(location.id)}
            columns={columns}
            emptyText={t('freeScan.empty')}
            testId="free-scans"
          />
        </TableCard>
      ) : (
        <Alert severity="info">{t('freeScan.noLocation')}</Alert>
      )}
    </Stack>
  );
};
