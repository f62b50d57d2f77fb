import AddIcon from '@mui/icons-material/Add';
import { Button, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoLocation } from '../../../components/no-location';
import { PagedTable } from '../../../components/paged-table';
import { useCurrentLocation } from '../../../lib/current-location';
import { useDebounced } from '../../../lib/use-debounced';
import { useRole } from '../../auth';
import { OrderDashboardLayout } from '../../orders';
import { EMPTY_INVENTORY_FILTERS, type InventoryFilters, inventoriesPages } from '../api/inventories-list';
import { InventoryCsvDialog } from '../components/inventory-csv-dialog';
import { canManageInventories } from '../components/inventory-state';
import { useInventoryColumns } from './columns';
import { InventoryFilterRow, InventoryStats } from './inventory-dashboard-parts';
import { NewInventoryDialog } from './new-inventory-dialog';

/**
 * The inventory dashboard (spec section 2): seven statistics, the filters (area, state, type and
 * id), the inventories of the current location (11 per page, 20 s refresh on a desktop, cards on
 * phones) with the row icon, the id linking to the detail, the help icon to the items detail and
 * the download icon; roles 1 to 3 open a new inventory.
 */
export const InventoryDashboardPage = () => {
  const { t } = useTranslation(['inventory', 'common']);
  const location = useCurrentLocation();
  const isPhone = useMediaQuery(useTheme().breakpoints.down('md'));
  const role = useRole();
  const [filters, setFilters] = useState<InventoryFilters>(EMPTY_INVENTORY_FILTERS);
  const [idText, setIdText] = useState('');
  const id = useDebounced(idText.trim(), 400);
  const [csvFor, setCsvFor] = useState<number | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const columns = useInventoryColumns(isPhone, setCsvFor);

  if (!location) return <NoLocation testId="inventory-no-location">{t('noLocation')}</NoLocation>;

  const query: InventoryFilters = { ...filters, id__icontains: id };
  const set = (patch: Partial<InventoryFilters>) => setFilters((current) => ({ ...current, ...patch }));

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
      stats={<InventoryStats locationId={location.id} isPhone={isPhone} />}
      historyTitle={t('dashboard.history')}
      filters={<InventoryFilterRow locationId={location.id} filters={filters} set={set} idText={idText} setIdText={setIdText} />}
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
