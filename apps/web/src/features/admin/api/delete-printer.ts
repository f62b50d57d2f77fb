import { apiRequest } from '../../../lib/api-client';
import { useSavingMutation } from '../../../lib/query-client';
import { adminKeys } from './admin-keys';

/** DELETE /printers/{id}/ */
export const deletePrinter = (id: number) => apiRequest(`/printers/${id}/`, { method: 'DELETE' });

export const useDeletePrinter = () => useSavingMutation(deletePrinter, adminKeys.printers);
