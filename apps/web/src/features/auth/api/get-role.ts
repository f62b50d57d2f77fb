import { canDo, type Identity, RoleThreshold } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from '../keys';

/** GET /identity/ under the shell's query key (['identity']), so every page reads the role from its cache. */
export const roleQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.identity,
    queryFn: ({ signal }) => apiRequest<Identity>('/identity/', { signal }),
    staleTime: 60_000,
  });

/** The user's role (1 is highest); undefined while unknown, so no gated action shows early. */
export const useRole = (): number | undefined => useQuery(roleQueryOptions()).data?.user_role;

/** Whether the role reaches `threshold` (spec section 6); never while the role is unknown. The server checks again. */
export const hasRole = (role: number | undefined, threshold: number): boolean => role !== undefined && canDo(role, threshold);

/** Creating orders, and deleting an online order's boxes: roles 1 to 3. */
export const canCreateOrders = (role: number | undefined): boolean => hasRole(role, RoleThreshold.createOrders);

/**
 * Deleting and canceling orders from a dashboard and switching a verification's validity: roles 1
 * to 4 (spec section 6: "any user who sees the exit dashboard can delete an order with no verified
 * boxes, download, and toggle verification validity"; the server refuses visualizers).
 */
export const canChangeOrders = (role: number | undefined): boolean => hasRole(role, RoleThreshold.write);
