import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Field } from '../../../components/facts-card';
import { PageTitle } from '../../../components/page-title';
import { useProviderReturn } from '../api/provider-returns-get';
import { getProviderReturnLines } from '../api/provider-returns-lines';
import { inboundKeys } from '../keys';
import { ReturnHeader } from './return-header';
import { ReturnLinesTable } from './return-lines-table';
import { ReturnOrderLink, ReturnProviderLink } from './return-links';

/** A provider return: its code, order, provider, window and item count, then its lines per GTIN (100 per page). */
export const ProviderReturnDetailPage = () => {
  const { t } = useTranslation('inbound-verification');
  const { id = '' } = useParams();
  const query = useProviderReturn(id);
  const row = query.data;
  return (
    <Stack spacing={2}>
      <PageTitle title={t('returns.providerDetail', { code: row?.code ?? '' })} backTo="/inbound/returns" />
      <ReturnHeader
        data={row}
        error={query.error}
        extra={
          row && (
            <>
              <Field label={t('returns.columns.order')}>
                <ReturnOrderLink order={row.order} />
              </Field>
              <Field label={t('returns.columns.provider')}>
                <ReturnProviderLink provider={row.provider} />
              </Field>
            </>
          )
        }
      />
      {!query.isError && (
        <ReturnLinesTable queryKey={inboundKeys.providerReturnLines(id)} fetchPage={(page) => getProviderReturnLines(id, page)} />
      )}
    </Stack>
  );
};
