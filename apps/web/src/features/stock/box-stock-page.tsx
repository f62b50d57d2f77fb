import DownloadIcon from '@mui/icons-material/Download';
import GridOnIcon from '@mui/icons-material/GridOn';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Alert, Box, Button, IconButton, Stack, Tab, Tabs, Tooltip } from '@mui/material';
import { type BoxAreaSeen, type BoxStockRow, STOCK_PAGE_SIZE } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadDialog } from '../../components/download-dialog';
import { type Column, PagedTable } from '../../components/paged-table';
import { TextFilter } from '../../components/text-filter';
import { formatDateTime, formatQuantity } from '../../lib/format';
import { useDebounced } from '../../lib/use-debounced';
import { getAreaBoxStock } from './api/get-area-box-stock';
import { getBoxStock } from './api/get-box-stock';
import { boxesSeenCsvPath, getBoxesSeen } from './api/get-boxes-seen';
import { AreaSelect } from './area-select';
import { BoxContentDialog } from './box-content-dialog';
import { stockKeys } from './keys';
import { StockListPage } from './stock-list-page';
import { useEmptyNotice } from './use-empty-notice';

type TabName = 'stock' | 'tracking';

/**
 * Box stock (/inventory/boxstocks) of the current location, or one area: the boxes whose barcode
 * was read last there (id, codebar, quantity, a contents dialog), and the tracking of an area:
 * every barcode read there with location, pallet, cycles, detections and last date, as CSV too.
 */
export const BoxStockPage = () => {
  const { t, i18n } = useTranslation(['stock', 'common']);
  const [area, setArea] = useState('');
  const [codebarText, setCodebarText] = useState('');
  const codebar = useDebounced(codebarText.trim(), 400);
  const [tab, setTab] = useState<TabName>('stock');
  const [contentOf, setContentOf] = useState<string | null>(null);
  // The file being downloaded: the CSV or the same rows as an Excel workbook.
  const [downloading, setDownloading] = useState<'csv' | 'xlsx' | null>(null);
  const noticeEmpty = useEmptyNotice();
  const quantity = (value: number) => formatQuantity(value, i18n.language);
  const date = (value: string) => formatDateTime(value, t('common:noDate'));
  const areaId = Number(area || 0);

  const stockColumns: Column<BoxStockRow>[] = [
    {
      id: 'codebar',
      header: t('columns.codebar'),
      cell: (row) => <span data-testid="box-codebar">{row.codebar}</span>,
      mobile: 'title',
    },
    { id: 'id', header: t('columns.id'), cell: (row) => row.id ?? t('boxStock.noBox') },
    {
      id: 'quantity',
      header: t('columns.quantity'),
      align: 'right',
      cell: (row) => <span data-testid="box-quantity">{quantity(row.quantity)}</span>,
    },
    { id: 'area', header: t('columns.area'), cell: (row) => <span data-testid="box-area">{row.area.description}</span> },
    { id: 'pallet', header: t('columns.pallet'), cell: (row) => row.pallet },
    { id: 'date', header: t('columns.date'), cell: (row) => date(row.date) },
    {
      id: 'contents',
      header: t('columns.contents'),
      align: 'center',
      cell: (row) => (
        <Tooltip title={t('boxStock.showContents', { codebar: row.codebar })}>
          <IconButton
            size="small"
            onClick={() => setContentOf(row.codebar)}
            aria-label={t('boxStock.showContents', { codebar: row.codebar })}
            data-testid="box-contents"
          >
            <VisibilityIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];

  const seenColumns: Column<BoxAreaSeen>[] = [
    {
      id: 'barcode',
      header: t('columns.barcode'),
      cell: (row) => <span data-testid="seen-barcode">{row.barcode}</span>,
      mobile: 'title',
    },
    { id: 'area', header: t('columns.area'), cell: (row) => row.area.description },
    { id: 'location', header: t('columns.location'), cell: (row) => row.location.description },
    { id: 'pallet', header: t('columns.pallet'), cell: (row) => row.pallet },
    {
      id: 'cycles',
      header: t('columns.cycles'),
      align: 'right',
      cell: (row) => <span data-testid="seen-cycles">{quantity(row.cycles)}</span>,
    },
    {
      id: 'detections',
      header: t('columns.detections'),
      align: 'right',
      cell: (row) => <span data-testid="seen-detections">{quantity(row.detections)}</span>,
    },
    { id: 'date', header: t('columns.date'), cell: (row) => date(row.date) },
  ];

  const renderTab = (locationId: number) => {
    if (tab === 'stock') {
      const key = stockKeys.boxStock({ location: locationId, area, codebar });
      return (
        <PagedTable
          queryKey={key}
          fetchPage={(page) =>
            (areaId ? getAreaBoxStock(areaId, codebar, page) : getBoxStock(locationId, codebar, page)).then((answer) =>
              noticeEmpty(JSON.stringify(key), answer),
            )
          }
          columns={stockColumns}
          rowKey={(row) => row.codebar}
          pageSize={STOCK_PAGE_SIZE}
          emptyText={t('boxStock.empty')}
          testId="box-stock-table"
        />
      );
    }
    if (!areaId) {
      return (
        <Alert severity="info" data-testid="box-tracking-hint">
          {t('boxStock.chooseArea')}
        </Alert>
      );
    }
    return (
      <PagedTable
        queryKey={stockKeys.boxesSeen(areaId, { codebar })}
        fetchPage={(page) => getBoxesSeen(areaId, { codebar }, page)}
        columns={seenColumns}
        rowKey={(row) => row.barcode}
        pageSize={STOCK_PAGE_SIZE}
        emptyText={t('boxStock.trackingEmpty')}
        testId="box-tracking-table"
      />
    );
  };

  return (
    <StockListPage
      title={t('boxStock.title')}
      testId="box-stock"
      filters={(location) => (
        <Stack spacing={1}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <AreaSelect locationId={location.id} value={area} onChange={setArea} allLabel={t('allAreas')} testId="stock-area" />
            <TextFilter label={t('filters.codebar')} value={codebarText} onChange={setCodebarText} testId={'filter-codebar'} />
            <Box sx={{ flexGrow: 1 }} />
            {tab === 'tracking' && (
              <>
                <Button
                  startIcon={<DownloadIcon />}
                  disabled={areaId === 0}
                  onClick={() => setDownloading('csv')}
                  data-testid="box-tracking-download"
                >
                  {t('boxStock.download')}
                </Button>
                <Button
                  startIcon={<GridOnIcon />}
                  disabled={areaId === 0}
                  onClick={() => setDownloading('xlsx')}
                  data-testid="box-tracking-download-xlsx"
                >
                  {t('boxStock.downloadXlsx')}
                </Button>
              </>
            )}
          </Stack>
          <Tabs value={tab} onChange={(_, next: TabName) => setTab(next)} variant="fullWidth" sx={{ maxWidth: 480 }}>
            <Tab value="stock" label={t('boxStock.stockTab')} data-testid="box-tab-stock" />
            <Tab value="tracking" label={t('boxStock.trackingTab')} data-testid="box-tab-tracking" />
          </Tabs>
        </Stack>
      )}
    >
      {(current) => (
        <>
          {renderTab(current.id)}
          <BoxContentDialog codebar={contentOf} onClose={() => setContentOf(null)} />
          {areaId > 0 && (
            <DownloadDialog
              open={downloading !== null}
              onClose={() => setDownloading(null)}
              format={downloading ?? 'csv'}
              path={boxesSeenCsvPath(areaId)}
              fileName={`box-tracking-area-${areaId}.csv`}
              title={t('boxStock.downloadTitle')}
            />
          )}
        </>
      )}
    </StockListPage>
  );
};
