import { Alert } from '@mui/material';
import { STOCK_PAGE_SIZE } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../components/paged-table';
import { getAreaBoxStock } from './api/get-area-box-stock';
import { getBoxStock } from './api/get-box-stock';
import { getBoxesSeen } from './api/get-boxes-seen';
import { useBoxSeenColumns, useBoxStockColumns } from './box-stock-columns';
import { stockKeys } from './keys';
import { useEmptyNotice } from './use-empty-notice';

export type BoxStockTabName = 'stock' | 'tracking';

/** The open tab: the boxes of the location or area, or the tracking of the area (a hint until one is chosen). */
export const BoxStockTab = ({
  tab,
  locationId,
  area,
  codebar,
  setContentOf,
}: {
  tab: BoxStockTabName;
  locationId: number;
  area: string;
  codebar: string;
  setContentOf: (codebar: string) => void;
}) => {
  const { t } = useTranslation(['stock', 'common']);
  const noticeEmpty = useEmptyNotice();
  const stockColumns = useBoxStockColumns(setContentOf);
  const seenColumns = useBoxSeenColumns();
  const areaId = Number(area || 0);
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
