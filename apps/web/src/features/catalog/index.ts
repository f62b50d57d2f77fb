/** The public face of the catalog feature: other features import only from here. */
export { AddGtinDialog } from './add-gtin-dialog';
export { useGtinDigitsSearch } from './api/search-gtins';
export { GtinCard } from './gtin-card';
export { catalogKeys } from './keys';
