import { TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { searchAdornment } from '../../../components/filter-bar';
import { SelectFilter } from '../../../components/select-filter';
import { StatGrid, statValue } from '../../../components/stat-grid';
import { formatQuantity } from '../../../lib/format';
import { FilterRow } from '../../orders';
import type { InventoryFilters } from '../api/inventories-list';
import { useInventoryStats } from '../api/inventory-stats';
import { useLocationAreas } from '../api/location-areas';
import { INVENTORY_STATES } from '../components/inventory-state';

/** The seven statistics of the location's inventories (refreshed on a desktop). */
export const InventoryStats = ({ locationId, isPhone }: { locationId: number; isPhone: boolean }) => {
  const { t, i18n } = useTranslation(['inventory', 'common']);
  const language = i18n.language;
  const minutes = t('stats.minutes');
  const stats = useInventoryStats(locationId, isPhone);
  return (
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
  );
};

/** The filters: area, state, type and id (typed, debounced by the page). */
export const InventoryFilterRow = ({
  locationId,
  filters,
  set,
  idText,
  setIdText,
}: {
  locationId: number;
  filters: InventoryFilters;
  set: (patch: Partial<InventoryFilters>) => void;
  idText: string;
  setIdText: (text: string) => void;
}) => {
  const { t } = useTranslation(['inventory', 'common']);
  const areas = useLocationAreas(locationId);
  return (
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
  );
};
