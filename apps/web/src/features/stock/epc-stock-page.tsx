import { Stack } from '@mui/material';
import { type ItemStockRow, STOCK_PAGE_SIZE } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { epcColumn, tagLotQuantityColumns } from '../../components/epc-link';
import { ItemDescriptionCell } from '../../components/item-type';
import { type Column, PagedTable } from '../../components/paged-table';
import { TextFilter } from '../../components/text-filter';
import { useDebounced } from '../../lib/use-debounced';
import { getItemStock, type ItemStockFilters } from './api/get-item-stock';
import { AreaSelect } from './area-select';
import { stockKeys } from './keys';
import { StockListPage } from './stock-list-page';
import { useEmptyNotice } from './use-empty-notice';

/**
 * Stock by tag (/epc-stock): every tag in stock at the current location (or one area), 11 per
 * page: epc (to the EPC tracker), gtin, description, lot and quantity (1 each).
 */
export const EpcStockPage = () => {
  const { t, i18n } = useTranslation('stock');
  const [area, setArea] = useState('');
  const [epcText, setEpcText] = useState('');
  const [gtinText, setGtinText] = useState('');
  const epc = useDebounced(epcText.trim(), 400);
  const gtin = useDebounced(gtinText.replace(/\D/g, ''), 400);
  const noticeEmpty = useEmptyNotice();

  const columns: Column<ItemStockRow>[] = [
    epcColumn(t('columns.epc'), 'tag-epc'),
    { id: 'gtin', header: t('columns.gtin'), cell: (row) => <span data-testid="tag-gtin">{row.gtin ?? ''}</span> },
    { id: 'description', header: t('columns.description'), cell: (row) => <ItemDescriptionCell {...row} /> },
    ...tagLotQuantityColumns<ItemStockRow>({ lot: t('columns.lot'), quantity: t('columns.quantity') }, i18n.language),
    { id: 'area', header: t('columns.area'), cell: (row) => row.area.description },
  ];

  return (
    <StockListPage
      title={t('epcStock.title')}
      testId="epc-stock"
      filters={(location) => (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <AreaSelect locationId={location.id} value={area} onChange={setArea} allLabel={t('allAreas')} testId="stock-area" />
          <TextFilter label={t('filters.epc')} value={epcText} onChange={setEpcText} testId={'filter-epc'} />
          <TextFilter label={t('filters.gtin')} value={gtinText} onChange={setGtinText} testId={'filter-gtin'} numeric />
        </Stack>
      )}
    >
      {(current) => {
        const filters: ItemStockFilters = { location: current.id, area1: area, epc__icontains: epc, gtin };
        return (
          <PagedTable
            queryKey={stockKeys.itemStock(filters)}
            fetchPage={(page) => getItemStock(filters, page).then((answer) => noticeEmpty(JSON.stringify(filters), answer))}
            columns={columns}
            rowKey={(row) => row.id}
            pageSize={STOCK_PAGE_SIZE}
            emptyText={t('epcStock.empty')}
            testId="epc-stock-table"
          />
        );
      }}
    </StockListPage>
  );
};
