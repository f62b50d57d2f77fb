import ListAltIcon from '@mui/icons-material/ListAlt';
import { Box } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../components/filter-bar';
import { LinkButton } from '../../components/link-button';
import { PagedTable } from '../../components/paged-table';
import { TableCard } from '../../components/table-card';
import { canCreateOrders, useRole } from '../auth';
import { ORDER_PATHS, OrderActionDialog } from '../orders';
import { useDeleteOnlineBox } from './api/delete-online-box';
import { type OrderBox, orderBoxesPages } from './api/get-order-boxes';
import { useBoxColumns } from './box-columns';
import { BOX_COLUMNS } from './kinds';
import { OrderPageFrame, type OrderPageProps } from './order-page-frame';
import { StickersButton } from './stickers-button';

/**
 * Order boxes (spec section 2) of any kind of order: the header of the order's side and its
 * boxes, 40 per page, with a barcode filter. The barcode links to the box detail and the
 * verification count to the box's verifications. Online orders: a delete icon per box (roles 1
 * to 3) behind a No/Yes confirmation; a verified box is refused (409) in red, a deleted one is
 * said in green, and the list reloads.
 */
export const OrderBoxesPage = ({ kind, orderId }: OrderPageProps) => {
  const { t } = useTranslation('order-pages');
  const paths = ORDER_PATHS[kind];
  const [filters, setFilters] = useState({ barcode: '' });
  const [toDelete, setToDelete] = useState<OrderBox | null>(null);
  const remove = useDeleteOnlineBox(orderId);
  const role = useRole();
  const canDelete = BOX_COLUMNS[kind].includes('delete') && canCreateOrders(role);
  const columns = useBoxColumns(kind, orderId, canDelete ? setToDelete : undefined);

  return (
    <OrderPageFrame
      view="boxes"
      kind={kind}
      orderId={orderId}
      actions={
        <>
          <StickersButton orderId={Number(orderId)} />
          <LinkButton to={paths.detail(orderId)} icon={<ListAltIcon />} variant="outlined" testId="order-detail-link">
            {t('boxes.detail')}
          </LinkButton>
        </>
      }
    >
      <FilterBar
        fields={[{ name: 'barcode', label: t('boxes.barcodeFilter') }]}
        value={filters}
        onChange={setFilters}
        testId="box-filters"
      />
      {/* Compact cells: the spec's entry columns (and the online readings) fit a 1366 px screen. */}
      <TableCard>
        <Box sx={{ '& .MuiTableCell-root': { px: 1 } }}>
          <PagedTable
            {...orderBoxesPages(kind, orderId, filters.barcode)}
            columns={columns}
            emptyText={t('boxes.empty')}
            testId="order-boxes"
          />
        </Box>
      </TableCard>
      <OrderActionDialog
        target={toDelete}
        title={(box) => t('boxes.deleteTitle', { barcode: box.barcode })}
        message={t('boxes.deleteBody')}
        isDanger
        run={(box) => remove.mutateAsync(box.id)}
        messages={{ success: t('boxes.deleteSuccess'), conflict: t('boxes.deleteError'), other: t('boxes.deleteFailed') }}
        onClose={() => setToDelete(null)}
      />
    </OrderPageFrame>
  );
};
