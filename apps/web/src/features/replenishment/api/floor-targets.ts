import type { FloorTargetBody, FloorTargets } from '@rfid/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { replenishmentKeys } from '../keys';

/** GET /locations/{id}/floor_targets/: the store's default target and its overrides. */
export const floorTargetsOptions = (locationId: number) =>
  queryOptions({
    queryKey: replenishmentKeys.targets(locationId),
    queryFn: ({ signal }) => apiRequest<FloorTargets>(`/locations/${locationId}/floor_targets/`, { signal }),
  });

export const useFloorTargets = (locationId: number, isEnabled = true) =>
  useQuery({ ...floorTargetsOptions(locationId), enabled: isEnabled });

/** PUT /locations/{id}/floor_targets/ (the default, or a GTIN's or section's override) and DELETE of an override. */
export const useFloorTargetChanges = (locationId: number) => {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: replenishmentKeys.all });
  const save = useMutation({
    mutationFn: (body: FloorTargetBody) =>
      apiRequest<FloorTargets>(`/locations/${locationId}/floor_targets/`, { method: 'PUT', body }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (targetId: number) =>
      apiRequest<null>(`/locations/${locationId}/floor_targets/${targetId}/`, { method: 'DELETE' }),
    onSuccess,
  });
  return { save, remove };
};
