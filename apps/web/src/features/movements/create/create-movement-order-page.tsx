import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLocation } from '../../../lib/current-location';
import { useDebounced } from '../../../lib/use-debounced';
import { CounterpartOrderWizard } from '../../order-wizard';
import { type DestinationOption, useDestinationSearch } from './api/locations-search';
import { movementOrderBody } from './api/morders-create';

/**
 * Movement order creation (spec section 2): step 1 has the order code, the estimated arrival
 * date-time and the destination (any location the user may see but the current one, which is the
 * origin); step 2 is the shared box list. The new order is an exit of the current location.
 */
export const CreateMovementOrderPage = () => {
  const { t } = useTranslation('order-wizard');
  const location = useCurrentLocation();
  const [destinationText, setDestinationText] = useState('');
  const destinations = useDestinationSearch({ text: useDebounced(destinationText.trim()), originId: location?.id });
  return (
    <CounterpartOrderWizard<DestinationOption>
      kind="exit"
      select={{
        label: t('destination'),
        options: destinations.data ?? [],
        isLoading: destinations.isFetching,
        onSearch: setDestinationText,
        getLabel: (option) => `${option.description} (${option.code})`,
        noOptionsText: t('noLocations'),
        testId: 'order-destination',
      }}
      // The origin may change in the header's picker: a destination equal to it is no destination.
      isAvailable={(destination) => destination.id !== location?.id}
      buildBody={({ orderCode, location: origin, estimatedArrival, counterpart, boxes }) => ({
        kind: 'movement',
        order: movementOrderBody({
          order_code: orderCode,
          estimated_arrival_date: estimatedArrival,
          originId: origin.id,
          destinationId: counterpart.id,
        }),
        boxes,
      })}
    />
  );
};
