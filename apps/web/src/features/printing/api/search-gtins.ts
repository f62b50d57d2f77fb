import { PRINT_GTIN_SEARCH_MIN } from '@rfid/contract';
import { catalogKeys, useGtinDigitsSearch } from '../../catalog';

export { PRINT_GTIN_SEARCH_MIN };

/** The manual order's GTIN search, from 8 characters on (spec section 5), 10 GTINs at most. */
export const usePrintGtinSearch = (text: string) =>
  useGtinDigitsSearch(text, { queryKey: catalogKeys.printingSearch(text), min: PRINT_GTIN_SEARCH_MIN, limit: 10 });
