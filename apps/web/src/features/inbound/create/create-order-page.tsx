import type { Provider } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../lib/use-debounced';
import { CounterpartOrderWizard } from '../../order-wizard';
import { purchaseOrderBody } from '../api/porders-create';
import { useProviderSearch } from '../api/porders-providers';

/**
 * Purchase order creation (spec section 2): step 1 has the order code, the estimated arrival
 * date-time and the provider; the destination is the current location. Step 2 is the shared box list.
 */
export const CreateOrderPage = () => {
  const { t } = useTranslation('order-wizard');
  const [providerText, setProviderText] = useState('');
  const providers = useProviderSearch(useDebounced(providerText.trim()));
  return (
    <CounterpartOrderWizard<Provider>
      kind="purchase"
      select={{
        label: t('provider'),
        options: providers.data ?? [],
        isLoading: providers.isFetching,
        onSearch: setProviderText,
        getLabel: (provider) => provider.name,
        noOptionsText: t('noProviders'),
        testId: 'order-provider',
      }}
      buildBody={({ orderCode, location, estimatedArrival, counterpart, boxes }) => ({
        kind: 'purchase',
        order: purchaseOrderBody({
          order_code: orderCode,
          estimated_arrival_date: estimatedArrival,
          providerId: counterpart.id,
          locationId: location.id,
        }),
        boxes,
      })}
    />
  );
};
