import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import type { CompanyUserBody } from './types';

/** POST /companyusers/ (role 1). */
export const createCompanyUser = (body: CompanyUserBody) =>
  apiRequest<{ id: number }>('/companyusers/', { method: 'POST', body, silent: true });

export const useCreateCompanyUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompanyUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
};
