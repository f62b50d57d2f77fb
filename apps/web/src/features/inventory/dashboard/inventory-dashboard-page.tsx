import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import FilePresentIcon from '@mui/icons-material/FilePresentOutlined';
import HelpIcon from '@mui/icons-material/HelpOutlineOutlined';
import Inventory2Icon from '@mui/icons-material/Inventory2Outlined';
import RuleIcon from '@mui/icons-material/Rule';
import { Box, Button, IconButton, Link, Stack, TextField, Tooltip, useMediaQuery, useTheme } from '@mui/material';
import type { Inventory } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { searchAdornment } from '../../../components/filter-bar';
import { NoLocation } from '../../../components/no-location';
import { type Column, PagedTable } from '../../../components/paged-table';
import { PercentBar } from '../../../components/percent-bar';
import { SelectFilter } from '../../../components/select-filter';
import { StatGrid, statValue } from '../../../components/stat-grid';
import { StackedDateTimes, TwoLineDate, TwoLineHeader } from '../../../components/two-line';
import { useCurrentLocation } from '../../../lib/current-location';
import { formatQuantity } from '../../../lib/format';
import { useDebounced } from '../../../lib/use-debounced';
import { useRole } from '../../auth';
import { FilterRow, OrderDashboardLayout } from '../../orders';
import { EMPTY_INVENTORY_FILTERS, type InventoryFilters, inventoriesPages } from '../api/inventories-list';
import { useInventoryStats } from '../api/inventory-stats';
import { useLocationAreas } from '../api/location-areas';
import { countColumns } from '../components/count-columns';
import { InventoryCsvDialog } from '../components/inventory-csv-dialog';
import { canManageInventories, INVENTORY_STATES, InventoryStateChip } from '../components/inventory-state';
import { INVENTORY_PATHS } from '../paths';
import { NewInventoryDialog } from './new-inventory-dialog';

/** The row icon of spec section 2: file created, partial or default (in that order of precedence). */
const RowIcon = ({ row }: { row: Inventory }) => {
  const { t } = useTranslation('inventory');
  const [kind, icon] = row.is_file_created
    ? (['fileCreated', <FilePresentIcon key="f" fontSize="small" color="success" />] as const)
    : row.is_partial
      ? (['partial', <RuleIcon key="p" fontSize="small" color="info" />] as const)
      : (['default', <Inventory2Icon key="d" fontSize="small" color="action" />] as const);
  return (
    <Tooltip title={t(`rowIcon.${kind}`)}>
      <Box
        component="span"
        role="img"
        sx={{ display: 'inline-flex' }}
        aria-label={t(`rowIcon.${kind}`)}
        data-testid={`row-icon-${kind}`}
      >
        {icon}
      </Box>
    </Tooltip>
  );
};

/**
 * The inventory dashboard (spec section 2): seven statistics, the filters (area, state, type and
 * id), the inventories of the current location (11 per page, 20 s refresh on a desktop, cards on
 * phones) with the row icon, the id linking to the detail, the help icon to the items detail and
 * the download icon; roles 1 to 3 open a new inventory.
 */
export const InventoryDashboardPage = () => {
  const { t, i18n } = useTranslation(['inventory', 'common']);
  const location = useCurrentLocation();
  const isPhone = useMediaQuery(useTheme().breakpoints.down('md'));
  const role = useRole();
  const [filters, setFilters] = useState<InventoryFilters>(EMPTY_INVENTORY_FILTERS);
  const [idText, setIdText] = useState('');
  const id = useDebounced(idText.trim(), 400);
  const [csvFor, setCsvFor] = useState<number | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const stats = useInventoryStats(location?.id ?? 0, isPhone);
  const areas = useLocationAreas(location?.id ?? 0);

  if (!location) return <NoLocation testId="inventory-no-location">{t('noLocation')}</NoLocation>;

  const language = i18n.language;
  const quantity = (n: number) => formatQuantity(n, language);
  const minutes = t('stats.minutes');
  const query: InventoryFilters = { ...filters, id__icontains: id };
  const set = (patch: Partial<InventoryFilters>) => setFilters((current) => ({ ...current, ...patch }));

  const columns: Column<Inventory>[] = [
    { id: 'icon', header: '', cell: (row) => <RowIcon row={row} />, mobile: false },
    {
      id: 'id',
      header: t('columns.id'),
      cell: (row) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {isPhone && <RowIcon row={row} />}
          <Link component={RouterLink} to={INVENTORY_PATHS.detail(row.id)} data-testid="inventory-link">
            {row.id}
          </Link>
        </Stack>
      ),
      mobile: 'title',
    },
    {
      id: 'area',
      header: isPhone ? t('columns.area') : <TwoLineHeader title={t('columns.area')} detail={t('columns.type')} />,
      cell: (row) =>
        isPhone ? (
          <span data-testid="inventory-row-area">{row.location_area_description}</span>
        ) : (
          <Box component="span" sx={{ display: 'inline-block' }}>
            <span data-testid="inventory-row-area">{row.location_area_description}</span>
            <Box component="span" sx={{ display: 'block', color: 'text.secondary', typography: 'caption' }}>
              {row.is_partial ? t('types.partial') : t('types.total')}
            </Box>
          </Box>
        ),
    },
    ...(isPhone
      ? [
          {
            id: 'type',
            header: t('columns.type'),
            cell: (row: Inventory) => (row.is_partial ? t('types.partial') : t('types.total')),
          },
        ]
      : []),
    { id: 'state', header: t('columns.state'), cell: (row) => <InventoryStateChip state={row.state} /> },
    isPhone
      ? { id: 'start', header: t('columns.start'), cell: (row: Inventory) => <TwoLineDate value={row.start_time} /> }
      : {
          id: 'dates',
          header: <TwoLineHeader title={t('columns.start')} detail={t('columns.end')} />,
          cell: (row: Inventory) => <StackedDateTimes first={row.start_time} second={row.end_time} />,
        },
    ...countColumns<Inventory>(
      {
        expected: t('columns.expected'),
        read: t('columns.read'),
        missing: t('columns.missing'),
        excess: t('columns.excess'),
      },
      (row) => ({ expected: row.theorical_stock, read: row.items, missing: row.missing_items, excess: row.excess_items }),
      'inventory-row',
      quantity,
    ),
    {
      id: 'progress',
      header: t('columns.progress'),
      cell: (row) => <PercentBar value={row.progress} minWidth={isPhone ? 120 : 90} />,
    },
    {
      id: 'actions',
      header: t('columns.actions'),
      cell: (row) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: { xs: 'flex-end', md: 'flex-start' } }}>
          <Tooltip title={t('actions.items')}>
            <IconButton
              size="small"
              component={RouterLink}
              to={INVENTORY_PATHS.items(row.id)}
              aria-label={t('actions.items')}
              data-testid="inventory-items-link"
            >
              <HelpIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('actions.download')}>
            <IconButton
              size="small"
              onClick={() => setCsvFor(row.id)}
              aria-label={t('actions.download')}
              data-testid="inventory-download"
            >
              <DownloadIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      ),
    },
  ];

  return (
    <OrderDashboardLayout
      title={t('dashboard.title')}
      subtitle={location.description}
      testId="inventory-dashboard"
      actions={
        canManageInventories(role) ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setIsCreating(true)} data-testid="new-inventory">
            {t('dashboard.newInventory')}
          </Button>
        ) : undefined
      }
      stats={
        <StatGrid
          testId="inventory-stats"
          isLoading={stats.isPending}
          items={[
            { id: 'total', title: t('stats.total'), value: formatQuantity(stats.data?.total_inventory_count, language) },
            { id: 'pending', title: t('stats.pending'), value: formatQuantity(stats.data?.pending_inventories, language) },
            { id: 'validated', title: t('stats.validated'), value: formatQuantity(stats.data?.validated_inventories, language) },
            {
              id: 'estimatedTime',
              title: t('stats.estimatedTime'),
              value: statValue(stats.data?.estimated_inventory_time, language),
              unit: minutes,
            },
            {
              id: 'avgTime',
              title: t('stats.avgTime'),
              value: statValue(stats.data?.avg_inventory_time, language),
              unit: minutes,
            },
            { id: 'avgItems', title: t('stats.avgItems'), value: statValue(stats.data?.avg_inventory_items, language, 0) },
            {
              id: 'avgAccuracy',
              title: t('stats.avgAccuracy'),
              value: statValue(stats.data?.avg_inventory_accuracy, language),
              unit: '%',
            },
          ]}
        />
      }
      historyTitle={t('dashboard.history')}
      filters={
        <FilterRow>
          <SelectFilter
            label={t('filters.area')}
            allLabel={t('filters.allAreas')}
            value={filters.location_area}
            onChange={(value) => set({ location_area: value })}
            options={(areas.data?.results ?? []).map((area) => ({ value: String(area.id), label: area.description }))}
            testId="filter-area"
          />
          <SelectFilter
            label={t('filters.state')}
            allLabel={t('filters.all')}
            value={filters.state}
            onChange={(value) => set({ state: value })}
            options={INVENTORY_STATES.map((state) => ({ value: String(state), label: t(`states.${state}`) }))}
            testId="filter-state"
          />
          <SelectFilter
            label={t('filters.type')}
            allLabel={t('filters.all')}
            value={filters.inventorypartial__isnull}
            onChange={(value) => set({ inventorypartial__isnull: value })}
            // The spec's type filter: inventorypartial__isnull True is a total inventory, False a partial one.
            options={[
              { value: 'True', label: t('types.total') },
              { value: 'False', label: t('types.partial') },
            ]}
            testId="filter-type"
          />
          <TextField
            size="small"
            label={t('filters.id')}
            value={idText}
            onChange={(event) => setIdText(event.target.value)}
            slotProps={{
              input: searchAdornment,
              htmlInput: { 'data-testid': 'filter-id', inputMode: 'numeric' },
            }}
          />
        </FilterRow>
      }
    >
      <PagedTable
        {...inventoriesPages(location.id, query)}
        columns={columns}
        emptyText={canManageInventories(role) ? t('dashboard.emptyCreate') : t('dashboard.empty')}
        emptyAction={
          canManageInventories(role) && (
            <Button
              variant="outlined"
              startIcon={<AddIcon />}
              onClick={() => setIsCreating(true)}
              data-testid="empty-new-inventory"
            >
              {t('dashboard.newInventory')}
            </Button>
          )
        }
        testId="inventory-list"
      />
      <InventoryCsvDialog inventoryId={csvFor} onClose={() => setCsvFor(null)} />
      <NewInventoryDialog locationId={location.id} open={isCreating} onClose={() => setIsCreating(false)} />
    </OrderDashboardLayout>
  );
};
