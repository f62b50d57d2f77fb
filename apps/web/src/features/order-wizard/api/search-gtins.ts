import { useGtinDigitsSearch } from '../../catalog';
import { orderWizardKeys } from '../keys';

/** The GTIN search of the add-box dialog starts after this many digits (the spec leaves it open for the wizards). */
export const GTIN_SEARCH_MIN = 3;

/** GTINs of the company for the add-box dialog (20 at most). */
export const useGtinSearch = (text: string) =>
  useGtinDigitsSearch(text, { queryKey: orderWizardKeys.gtinSearch(text), min: GTIN_SEARCH_MIN, limit: 20 });
