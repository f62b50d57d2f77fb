import type { SaleReturn } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { linkCell } from '../../../components/link-cell';
import { getSaleReturns, SALE_RETURNS_PAGE_SIZE } from '../api/sale-returns-list';
import { inboundKeys } from '../keys';
import { ReturnsListPage } from './returns-list-page';

/** Sale returns of the current location (11 per page): id, code, arrival date and real item count. */
export const SaleReturnsPage = () => {
  const { t } = useTranslation('inbound-verification');
  return (
    <ReturnsListPage<SaleReturn>
      kind="sale"
      columns={[
        {
          id: 'id',
          header: t('returns.columns.id'),
          cell: linkCell((row) => ({ to: `/outbound/returns/${row.id}/detail`, text: row.id }), 'return-link'),
          mobile: 'title',
        },
        { id: 'code', header: t('returns.columns.code'), cell: (row) => row.code },
      ]}
      queryKey={inboundKeys.saleReturns}
      fetchReturns={getSaleReturns}
      pageSize={SALE_RETURNS_PAGE_SIZE}
      testId="sale-returns"
    />
  );
};
