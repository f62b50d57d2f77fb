import { useSaleReturn } from '../api/sale-returns-get';
import { getSaleReturnLines } from '../api/sale-returns-lines';
import { inboundKeys } from '../keys';
import { ReturnDetailPage } from './return-detail-page';

/** A sale return: its code, window and item count, then its lines per GTIN (100 per page). */
export const SaleReturnDetailPage = () => (
  <ReturnDetailPage
    useReturn={useSaleReturn}
    titleKey="returns.saleDetail"
    backTo="/outbound/returns"
    extra={(t, row) => [
      // The online order shows when the return has one.
      Boolean(row?.order) && { label: t('returns.columns.onlineOrder'), value: (loaded) => loaded.order?.order_code },
    ]}
    linesKey={inboundKeys.saleReturnLines}
    fetchLines={getSaleReturnLines}
  />
);
