import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import type { Area, AreaCreateBody, AreaUpdateBody } from './types';

/** POST /areas/ or PUT /areas/{id}/ (the update sends no stock or location_description). */
export const saveArea = (input: { id: number; body: AreaUpdateBody } | { id?: undefined; body: AreaCreateBody }) =>
  input.id
    ? apiRequest<Area>(`/areas/${input.id}/`, { method: 'PUT', body: input.body, silent: true })
    : apiRequest<Area>('/areas/', { method: 'POST', body: input.body, silent: true });

export const useSaveArea = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveArea,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.areas });
      await queryClient.invalidateQueries({ queryKey: adminKeys.locations });
    },
  });
};
