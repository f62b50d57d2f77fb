import AddIcon from '@mui/icons-material/Add';
import { useMediaQuery, useTheme } from '@mui/material';
import { type PrintOrder, RoleThreshold } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LinkButton } from '../../../components/link-button';
import { PagedTable } from '../../../components/paged-table';
import { useNotify } from '../../../lib/notifier';
import { hasRole, useRole } from '../../auth';
import { PRINT_PATHS } from '../../print-wizard';
import { useCancelPrintOrder } from '../api/cancel-print-order';
import { type PrintOrderFilters, printOrdersPages } from '../api/get-print-orders';
import { PrintDialog } from './print-dialog';
import { PrintOrderAction, printOrderColumns } from './print-order-columns';

/**
 * The print order table (spec section 2): id, name, locations (roles 1 and 2; 'all' when none), date, tag type (id and
 * reference), tag format, state, quantity, contents (eye), progress and the action: Cancel while WORKING (with the
 * spec's confirmation), Print while labels remain, and a secondary Reprint, confirmed first, once all are printed. 10 per page; cards on phones.
 */
export const PrintOrderTable = ({ filters, testId = 'print-orders' }: { filters: PrintOrderFilters; testId?: string }) => {
  const { t } = useTranslation('printing');
  const role = useRole();
  const notify = useNotify();
  const cancel = useCancelPrintOrder();
  const [printing, setPrinting] = useState<PrintOrder | null>(null);
  const [canceling, setCanceling] = useState<PrintOrder | null>(null);
  const [reprinting, setReprinting] = useState<PrintOrder | null>(null);
  const seesLocations = hasRole(role, RoleThreshold.companyWideScope);
  const canPrint = hasRole(role, RoleThreshold.printOrderAdd);
  const isPhone = useMediaQuery(useTheme().breakpoints.down('md'));
  const onAction = (action: 'cancel' | 'reprint' | 'print', order: PrintOrder) =>
    (action === 'cancel' ? setCanceling : action === 'reprint' ? setReprinting : setPrinting)(order);
  const columns = printOrderColumns(t, {
    isPhone,
    seesLocations,
    action: (order) => (canPrint ? <PrintOrderAction order={order} isPhone={isPhone} onAction={onAction} /> : null),
  });

  return (
    <>
      <PagedTable
        {...printOrdersPages(filters)}
        // Every second while a job runs (its progress and the state it ends in), else the spec's 20 s.
        refetchInterval={(rows) => (rows.some((order) => order.state === 'WORKING') ? 1_000 : 20_000)}
        columns={columns}
        emptyText={canPrint ? t('list.emptyCreate', { button: t('list.addManual') }) : t('list.empty')}
        emptyAction={
          canPrint && (
            <LinkButton to={PRINT_PATHS.addManual} icon={<AddIcon />} variant="outlined" testId="empty-add-manual-order">
              {t('list.addManual')}
            </LinkButton>
          )
        }
        testId={testId}
      />
      <PrintDialog order={printing} onClose={() => setPrinting(null)} />
      <ConfirmDialog
        open={Boolean(reprinting)}
        title={t('reprint.title', { id: reprinting?.id ?? '' })}
        message={t('reprint.body', { count: reprinting?.total_quantity ?? 0 })}
        cancelLabel={t('reprint.no')}
        confirmLabel={t('reprint.yes')}
        onClose={() => setReprinting(null)}
        onConfirm={() => setPrinting(reprinting)}
      />
      <ConfirmDialog
        open={Boolean(canceling)}
        title={t('cancel.title')}
        message={t('cancel.body')}
        isDanger
        cancelLabel={t('cancel.no')}
        confirmLabel={t('cancel.yes')}
        onClose={() => setCanceling(null)}
        onConfirm={async () => {
          if (!canceling) return;
          await cancel.mutateAsync(canceling.id);
          notify(t('cancel.done', { id: canceling.id }), 'success');
        }}
      />
    </>
  );
};
