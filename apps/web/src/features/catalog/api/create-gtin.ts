import type { CreateItemTypeBody, ItemType } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';
import { useSavingMutation } from '../../../lib/query-client';
import { catalogKeys } from '../keys';

/** POST /types/: a new GTIN of the catalog. Errors are shown by the dialog, not the notifier. */
export const createGtin = (input: CreateItemTypeBody) =>
  apiRequest<ItemType>('/types/', { method: 'POST', body: input, silent: true });

/** Searches of the catalog (the order wizards' GTIN fields) see the new GTIN at once. */
export const useCreateGtin = () => useSavingMutation(createGtin, catalogKeys.all);
