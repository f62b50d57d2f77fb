import type { OrderWithBoxesCreateBody } from '@rfid/contract';
import { useState } from 'react';
import type { CurrentLocation } from '../../lib/storage';
import { EstimatedDateField } from './estimated-date-field';
import { type DraftBoxes, OrderWizard, type WizardKind } from './order-wizard';
import { SearchSelect, type SearchSelectProps } from './search-select';

/**
 * The order wizard of an order that arrives somewhere (spec section 2): step 1 has, after the
 * order code, the estimated arrival date-time and the other party searched on the server (the
 * provider of a purchase, the destination of a movement); Next waits for that party, and Done
 * clears both. The page runs the search (`select.options`, `select.onSearch`) and builds the order's body.
 *
 * ```tsx
 * <CounterpartOrderWizard kind="purchase" select={{ label: t('provider'), options, isLoading, onSearch, getLabel, noOptionsText, testId }}
 *   buildBody={({ orderCode, location, estimatedArrival, counterpart, boxes }) => ({ kind: 'purchase', order: { … }, boxes })} />
 * ```
 */
export const CounterpartOrderWizard = <T extends { id: number }>({
  kind,
  select,
  isAvailable = () => true,
  buildBody,
}: {
  kind: WizardKind;
  select: Omit<SearchSelectProps<T>, 'value' | 'onChange' | 'isDisabled' | 'isRequired'>;
  /** Whether a party chosen earlier is still one (a destination equal to a newly picked origin is not). */
  isAvailable?: (counterpart: T) => boolean;
  buildBody: (input: {
    orderCode: string;
    location: CurrentLocation;
    /** As the date-time input holds it ('' when not given). */
    estimatedArrival: string;
    counterpart: T;
    boxes: DraftBoxes;
  }) => OrderWithBoxesCreateBody;
}) => {
  const [estimatedArrival, setEstimatedArrival] = useState('');
  const [picked, setPicked] = useState<T | null>(null);
  const counterpart = picked && isAvailable(picked) ? picked : null;
  return (
    <OrderWizard
      kind={kind}
      isReady={counterpart !== null}
      hasOwnData={estimatedArrival !== '' || picked !== null}
      buildBody={({ orderCode, location, boxes }) => {
        // Next is disabled until a party is chosen (isReady), so the boxes step never sends without one.
        if (!counterpart) throw new Error('No counterpart chosen');
        return buildBody({ orderCode, location, estimatedArrival, counterpart, boxes });
      }}
      onReset={() => {
        setEstimatedArrival('');
        setPicked(null);
        select.onSearch('');
      }}
      renderFields={({ isLocked }) => (
        <>
          <EstimatedDateField value={estimatedArrival} onChange={setEstimatedArrival} isDisabled={isLocked} />
          <SearchSelect<T> {...select} value={counterpart} onChange={setPicked} isDisabled={isLocked} isRequired />
        </>
      )}
    />
  );
};
