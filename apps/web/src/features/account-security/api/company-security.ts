import type { CompanySecurity } from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSavingMutation } from '../../../lib/query-client';
import { accountSecurityKeys } from '../keys';

/** GET /company/security/ (role 1): the company's sign-in rules. */
export const getCompanySecurity = (signal?: AbortSignal) => apiRequest<CompanySecurity>('/company/security/', { signal });

export const useCompanySecurity = () =>
  useQuery({ queryKey: accountSecurityKeys.company, queryFn: ({ signal }) => getCompanySecurity(signal) });

/** PUT /company/security/ (role 1). */
export const putCompanySecurity = (body: CompanySecurity) =>
  apiRequest<CompanySecurity>('/company/security/', { method: 'PUT', body });

export const usePutCompanySecurity = () => useSavingMutation(putCompanySecurity, accountSecurityKeys.company);
