import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadDialog } from '../../components/download-dialog';
import { boxesSeenCsvPath } from './api/get-boxes-seen';
import { BoxContentDialog } from './box-content-dialog';
import { BoxStockFilters, useBoxStockFilters } from './box-stock-filters';
import { BoxStockTab } from './box-stock-tab';
import { StockListPage } from './stock-list-page';

/**
 * Box stock (/inventory/boxstocks) of the current location, or one area: the boxes whose barcode
 * was read last there (id, codebar, quantity, a contents dialog), and the tracking of an area:
 * every barcode read there with location, pallet, cycles, detections and last date, as CSV too.
 */
export const BoxStockPage = () => {
  const { t } = useTranslation(['stock', 'common']);
  const filters = useBoxStockFilters();
  const { area, codebar, tab, downloading, setDownloading } = filters;
  const [contentOf, setContentOf] = useState<string | null>(null);
  const areaId = Number(area || 0);

  return (
    <StockListPage
      title={t('boxStock.title')}
      testId="box-stock"
      filters={(location) => <BoxStockFilters locationId={location.id} filters={filters} />}
    >
      {(current) => (
        <>
          <BoxStockTab tab={tab} locationId={current.id} area={area} codebar={codebar} setContentOf={setContentOf} />
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
