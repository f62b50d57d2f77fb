import type { Verification } from '@rfid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isNotIdentity } from '../../auth';

/** PUT /verifications/{id}/ {id, valid}: the valid switch; the server recomputes the box and its order side. */
export const setVerificationValid = ({ id, valid }: { id: number; valid: boolean }) =>
  apiRequest<Verification>(`/verifications/${id}/`, { method: 'PUT', body: { id, valid } });

/**
 * After a toggle the box, the order header, the lists and any dashboard may be stale, and they
 * belong to several features (each with its own keys), so every query but the identity refetches
 * (only the mounted ones at once; the others when next shown).
 */
export const useSetVerificationValid = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setVerificationValid,
    onSettled: () => queryClient.invalidateQueries({ predicate: isNotIdentity }),
  });
};
