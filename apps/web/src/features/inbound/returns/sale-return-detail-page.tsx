import type { SaleReturn } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { TitledPage } from '../../../components/page-title';
import { useSaleReturn } from '../api/sale-returns-get';
import { getSaleReturnLines } from '../api/sale-returns-lines';
import { inboundKeys } from '../keys';
import { ReturnHeader } from './return-header';
import { ReturnLinesTable } from './return-lines-table';

/** A sale return: its code, window and item count, then its lines per GTIN (100 per page). */
export const SaleReturnDetailPage = () => {
  const { t } = useTranslation('inbound-verification');
  const { id = '' } = useParams();
  const query = useSaleReturn(id);
  const row = query.data;
  return (
    <TitledPage title={t('returns.saleDetail', { code: row?.code ?? '' })} backTo="/outbound/returns">
      <ReturnHeader<SaleReturn>
        data={row}
        error={query.error}
        extra={[
          // The online order shows when the return has one.
          Boolean(row?.order) && { label: t('returns.columns.onlineOrder'), value: (loaded) => loaded.order?.order_code },
        ]}
      />
      {!query.isError && (
        <ReturnLinesTable queryKey={inboundKeys.saleReturnLines(id)} fetchPage={(page) => getSaleReturnLines(id, page)} />
      )}
    </TitledPage>
  );
};
