import { Box, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { StockAlarm } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ItemDescriptionCell } from '../../components/item-type';
import { type Column, PagedTable } from '../../components/paged-table';
import { StatBox } from '../../components/stat-box';
import { TableCard } from '../../components/table-card';
import { TextFilter } from '../../components/text-filter';
import { useCurrentLocation } from '../../lib/current-location';
import { formatDateTime, formatQuantity } from '../../lib/format';
import { useDebounced } from '../../lib/use-debounced';
import { useAlarmCount } from './api/get-alarm-count';
import { type AlarmFilters, alarmsPages } from './api/get-alarms';
import { STOCK_PATHS } from './stock-paths';

/**
 * Alarms (/alarm): a count box and the GTINs whose current stock (items STOCKED + counted) is
 * below their minimum stock in the locations the user sees (or only the current one): location,
 * area, gtin, minimum stock (to its form), date and current stock. 11 per page.
 */
export const AlarmsPage = () => {
  const { t, i18n } = useTranslation(['stock', 'common']);
  const location = useCurrentLocation();
  const [scope, setScope] = useState('');
  const [gtinText, setGtinText] = useState('');
  const gtin = useDebounced(gtinText.replace(/\D/g, ''), 400);
  const locationFilter = scope && location ? String(location.id) : '';
  const count = useAlarmCount(locationFilter);
  const filters: AlarmFilters = { location: locationFilter, gtin };
  const quantity = (value: number) => formatQuantity(value, i18n.language);

  const columns: Column<StockAlarm>[] = [
    { id: 'gtin', header: t('columns.gtin'), cell: (row) => <span data-testid="alarm-gtin">{row.gtin}</span>, mobile: 'title' },
    { id: 'description', header: t('columns.description'), cell: (row) => <ItemDescriptionCell {...row} /> },
    { id: 'location', header: t('columns.location'), cell: (row) => row.location.description },
    { id: 'area', header: t('columns.area'), cell: (row) => <span data-testid="alarm-area">{row.area.description}</span> },
    {
      id: 'minimum',
      header: t('columns.minimumStock'),
      align: 'right',
      cell: (row) => (
        <Link
          component={RouterLink}
          to={STOCK_PATHS.minimum(row.gtin, row.area.id)}
          aria-label={`${quantity(row.minimum_stock)}: ${t('minimumLink.edit', { gtin: row.gtin })}`}
          data-testid="alarm-minimum"
        >
          {quantity(row.minimum_stock)}
        </Link>
      ),
    },
    { id: 'date', header: t('columns.date'), cell: (row) => formatDateTime(row.date, t('common:noDate')) },
    {
      id: 'current',
      header: t('columns.currentStock'),
      align: 'right',
      cell: (row) => (
        <Box component="span" sx={{ color: 'error.main', fontWeight: 600 }} data-testid="alarm-current">
          {quantity(row.current_stock)}
        </Box>
      ),
    },
  ];

  return (
    <Stack spacing={2} data-testid="alarms-page">
      <Typography variant="h5" component="h1">
        {t('alarms.title')}
      </Typography>
      <Box sx={{ maxWidth: { sm: 280 } }}>
        <StatBox
          title={t('alarms.count')}
          value={count.data === undefined ? undefined : quantity(count.data.count)}
          color={count.data?.count ? 'error.main' : undefined}
          isLoading={count.isPending}
          testId="alarm-count"
        />
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          select
          size="small"
          label={t('filters.location')}
          value={scope}
          onChange={(event) => setScope(event.target.value)}
          sx={{ minWidth: { md: 260 } }}
          // '' is every location the user sees: shown as such, with the label above it.
          slotProps={{
            htmlInput: { 'data-testid': 'alarm-scope' },
            select: { displayEmpty: true },
            inputLabel: { shrink: true },
          }}
        >
          <MenuItem value="">{t('filters.allLocations')}</MenuItem>
          {location && (
            <MenuItem value="current" data-testid="alarm-scope-current">
              {location.description}
            </MenuItem>
          )}
        </TextField>
        <TextFilter label={t('filters.gtin')} value={gtinText} onChange={setGtinText} testId={'filter-gtin'} numeric />
      </Stack>
      <TableCard>
        <PagedTable {...alarmsPages(filters)} columns={columns} emptyText={t('alarms.empty')} testId="alarms-table" />
      </TableCard>
    </Stack>
  );
};
