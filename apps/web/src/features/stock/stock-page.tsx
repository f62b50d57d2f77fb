import { Checkbox, FormControlLabel, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { Page, StockRow } from '@rfid/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/paged-table';
import { TextFilter } from '../../components/text-filter';
import { useCurrentLocation } from '../../lib/current-location';
import { useDebounced } from '../../lib/use-debounced';
import { getGlobalStock } from './api/get-global-stock';
import { AreaSelect } from './area-select';
import { stockKeys } from './keys';
import { StockTable, useStockColumns } from './stock-columns';
import { StockListPage } from './stock-list-page';
import { StockPrintAction } from './stock-print-action';
import { useStockSelection } from './stock-selection';
import { useEmptyNotice } from './use-empty-notice';

/**
 * Stock (/stock): the stock per GTIN of the current location (or one area), 11 per page, with
 * the omit-zero filter (on: GTINs with stock only; off: the whole catalog) and a checkbox per
 * row; Print (disabled until a row is ticked) hands the ticked rows to the print action.
 */
export const StockPage = () => {
  const { t } = useTranslation('stock');
  const location = useCurrentLocation();
  const [area, setArea] = useState('');
  const [gtinText, setGtinText] = useState('');
  const gtin = useDebounced(gtinText.replace(/\D/g, ''), 400);
  const [omit, setOmit] = useState(true);
  const selection = useStockSelection();
  const isPhone = useMediaQuery(useTheme().breakpoints.down('md'));
  const noticeEmpty = useEmptyNotice();
  // The rows on screen, for the header's "select the page" box.
  const shown = useRef<StockRow[]>([]);
  const [shownIds, setShownIds] = useState<number[]>([]);
  const filters = { location: location?.id ?? 0, area1: area, gtin, omit };
  const allShown = shownIds.length > 0 && shownIds.every((id) => selection.isSelected(id));
  const someShown = shownIds.some((id) => selection.isSelected(id));

  const remember = (page: Page<StockRow>) => {
    shown.current = page.results;
    setShownIds(page.results.map((row) => row.itemtype.id));
    return page;
  };

  const columns: Column<StockRow>[] = [
    {
      id: 'select',
      // On phone cards the header is the label of each card's box; on a desktop it ticks the page.
      header: isPhone ? (
        t('stockPage.selectShort')
      ) : (
        <Checkbox
          size="small"
          checked={allShown}
          indeterminate={someShown && !allShown}
          onChange={(event) => selection.toggleMany(shown.current, event.target.checked)}
          slotProps={{ input: { 'aria-label': t('stockPage.selectAll') } }}
          data-testid="stock-select-page"
        />
      ),
      cell: (row) => (
        <Checkbox
          size="small"
          checked={selection.isSelected(row.itemtype.id)}
          onChange={(event) => selection.toggle(row, event.target.checked)}
          slotProps={{ input: { 'aria-label': t('stockPage.selectRow', { gtin: row.gtin }) } }}
          data-testid="stock-select"
        />
      ),
    },
    ...useStockColumns({ withMinimum: false }),
  ];

  return (
    <StockListPage
      title={t('stockPage.title')}
      testId="stock-page"
      filters={(location) => (
        <Stack spacing={1}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <AreaSelect locationId={location.id} value={area} onChange={setArea} allLabel={t('allAreas')} testId="stock-area" />
            <TextFilter label={t('filters.gtin')} value={gtinText} onChange={setGtinText} testId={'filter-gtin'} numeric />
            <FormControlLabel
              control={
                <Checkbox
                  checked={omit}
                  onChange={(event) => setOmit(event.target.checked)}
                  slotProps={{ input: { 'data-testid': 'stock-omit' } as object }}
                />
              }
              label={t('filters.omitZero')}
            />
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <StockPrintAction records={selection.records} onPrinted={selection.clear} />
            <Typography variant="body2" color="text.secondary" data-testid="stock-selected-count">
              {t('stockPage.selected', { count: selection.count })}
            </Typography>
          </Stack>
        </Stack>
      )}
    >
      {(current) => (
        <StockTable
          queryKey={stockKeys.globalStock({ ...filters, location: current.id })}
          fetchPage={(page) =>
            getGlobalStock({ ...filters, location: current.id }, page)
              .then(remember)
              .then((answer) => noticeEmpty(JSON.stringify(filters), answer))
          }
          columns={columns}
          emptyText={t('stockPage.empty')}
          testId="stock-table"
        />
      )}
    </StockListPage>
  );
};
