import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import type { Area, AreaCreateBody, AreaUpdateBody } from './types';

/**
 * POST /areas/ or PUT /areas/{id}/ (the update sends no stock or location_description; from `version`: 409 when someone
 * else changed the area since).
 */
export const saveArea = (
  input: { id: number; body: AreaUpdateBody; version?: number } | { id?: undefined; body: AreaCreateBody },
) =>
  input.id
    ? apiRequest<Area>(`/areas/${input.id}/`, { method: 'PUT', body: input.body, silent: true, ifMatch: input.version })
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
