import { apiRequest } from '../../../lib/api-client';
import { useSavingMutation } from '../../../lib/query-client';
import { adminKeys } from './admin-keys';
import type { CompanyUserBody } from './types';

/** POST /companyusers/ (role 1). */
export const createCompanyUser = (body: CompanyUserBody) =>
  apiRequest<{ id: number }>('/companyusers/', { method: 'POST', body, silent: true });

export const useCreateCompanyUser = () => useSavingMutation(createCompanyUser, adminKeys.users);
