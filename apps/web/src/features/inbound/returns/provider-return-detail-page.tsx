import { useProviderReturn } from '../api/provider-returns-get';
import { getProviderReturnLines } from '../api/provider-returns-lines';
import { inboundKeys } from '../keys';
import { ReturnDetailPage } from './return-detail-page';
import { ReturnOrderLink, ReturnProviderLink } from './return-links';

/** A provider return: its code, order, provider, window and item count, then its lines per GTIN (100 per page). */
export const ProviderReturnDetailPage = () => (
  <ReturnDetailPage
    useReturn={useProviderReturn}
    titleKey="returns.providerDetail"
    backTo="/inbound/returns"
    extra={(t, row) => [
      // The order and the provider show once the return is known.
      row !== undefined && { label: t('returns.columns.order'), value: (loaded) => <ReturnOrderLink order={loaded.order} /> },
      row !== undefined && {
        label: t('returns.columns.provider'),
        value: (loaded) => <ReturnProviderLink provider={loaded.provider} />,
      },
    ]}
    linesKey={inboundKeys.providerReturnLines}
    fetchLines={getProviderReturnLines}
  />
);
