import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { clearStorage } from '../../../lib/storage';

export const logout = async (): Promise<void> => {
  try {
    await apiRequest('/logout/', { method: 'POST', silent: true });
  } finally {
    clearStorage();
  }
};

export const useLogout = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logout, onSettled: () => queryClient.clear() });
};
