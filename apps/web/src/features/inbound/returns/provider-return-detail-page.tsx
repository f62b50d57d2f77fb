import type { ProviderReturn } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { TitledPage } from '../../../components/page-title';
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
    <TitledPage title={t('returns.providerDetail', { code: row?.code ?? '' })} backTo="/inbound/returns">
      <ReturnHeader<ProviderReturn>
        data={row}
        error={query.error}
        extra={[
          // The order and the provider show once the return is known.
          row !== undefined && { label: t('returns.columns.order'), value: (loaded) => <ReturnOrderLink order={loaded.order} /> },
          row !== undefined && {
            label: t('returns.columns.provider'),
            value: (loaded) => <ReturnProviderLink provider={loaded.provider} />,
          },
        ]}
      />
      {!query.isError && (
        <ReturnLinesTable queryKey={inboundKeys.providerReturnLines(id)} fetchPage={(page) => getProviderReturnLines(id, page)} />
      )}
    </TitledPage>
  );
};
