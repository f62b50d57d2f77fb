import { InventoryState } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { TitledPage } from '../../../components/page-title';
import { notify } from '../../../lib/notifier';
import { useRole } from '../../auth';
import { useInventory } from '../api/inventory-get';
import { useUpdateInventoryState } from '../api/inventory-update';
import { useInventoryUsers } from '../api/inventory-users';
import { InventoryCsvDialog } from '../components/inventory-csv-dialog';
import { InventoryFacts } from '../components/inventory-facts';
import { canManageInventories } from '../components/inventory-state';
import { INVENTORY_PATHS } from '../paths';
import { InventoryArticles } from './inventory-articles';
import { InventoryDetailActions } from './inventory-detail-actions';

/**
 * An inventory (spec section 2, "Detail"): the status box, progress, article count and area;
 * Validate (pending only) and Cancel (pending or computing) with a No/Yes confirmation, after which
 * the page reloads; the article table (25 per page) with the filter Disabled / Missing items /
 * Excess items and the GTIN attribute filters, each GTIN linking to the inventory's GTIN detail.
 */
export const InventoryDetailPage = () => {
  const { t } = useTranslation(['inventory', 'catalog', 'common']);
  const { id = '' } = useParams();
  const inventory = useInventory(id);
  const users = useInventoryUsers(id);
  const role = useRole();
  const update = useUpdateInventoryState(id);
  // The dialog keeps its action while it fades out.
  const [confirm, setConfirm] = useState<{ isOpen: boolean; state: 2 | 3 }>({ isOpen: false, state: 2 });
  const [csvFor, setCsvFor] = useState<number | null>(null);

  const data = inventory.data;
  const canManage = canManageInventories(role);
  const canValidate = canManage && data?.state === InventoryState.Pending;
  const canCancel = canManage && (data?.state === InventoryState.Pending || data?.state === InventoryState.Computing);

  const change = async (state: 2 | 3) => {
    await update.mutateAsync(state);
    notify(t(state === 2 ? 'detail.validated' : 'detail.canceled', { id }), 'success');
  };

  return (
    <TitledPage
      testId="inventory-detail"
      backTo={INVENTORY_PATHS.dashboard}
      title={t('detail.title', { id })}
      subtitle={data ? `${data.location_description} · ${data.location_area_description}` : undefined}
      actions={
        <InventoryDetailActions
          id={id}
          canValidate={canValidate}
          canCancel={canCancel}
          setConfirm={setConfirm}
          setCsvFor={setCsvFor}
        />
      }
    >
      {inventory.isError ? (
        <LoadErrorAlert error={inventory.error} testId="inventory-error" />
      ) : (
        <>
          <InventoryFacts inventory={data} users={users.data} />
          <InventoryArticles id={id} />
        </>
      )}
      <ConfirmDialog
        open={confirm.isOpen}
        title={t(confirm.state === 3 ? 'detail.cancelTitle' : 'detail.validateTitle', { id })}
        message={
          confirm.state === 3
            ? t('detail.cancelBody')
            : t('detail.validateBody', {
                missing: data?.missing_items ?? 0,
                excess: data?.excess_items ?? 0,
                area: data?.location_area_description ?? '',
              })
        }
        isDanger={confirm.state === 3}
        onConfirm={() => change(confirm.state)}
        onClose={() => setConfirm((current) => ({ ...current, isOpen: false }))}
      />
      <InventoryCsvDialog inventoryId={csvFor} onClose={() => setCsvFor(null)} />
    </TitledPage>
  );
};
