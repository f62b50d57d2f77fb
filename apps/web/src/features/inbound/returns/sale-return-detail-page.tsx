import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Field } from '../../../components/facts-card';
import { PageTitle } from '../../../components/page-title';
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
    <Stack spacing={2}>
      <PageTitle title={t('returns.saleDetail', { code: row?.code ?? '' })} backTo="/outbound/returns" />
      <ReturnHeader
        data={row}
        error={query.error}
        extra={row?.order && <Field label={t('returns.columns.onlineOrder')}>{row.order.order_code}</Field>}
      />
      {!query.isError && (
        <ReturnLinesTable queryKey={inboundKeys.saleReturnLines(id)} fetchPage={(page) => getSaleReturnLines(id, page)} />
      )}
    </Stack>
  );
};
