import type { AuditDetail } from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { auditKeys } from '../keys';

/** GET /audit/{id}/: one row with the fields before and after. */
export const getAuditEntry = (id: number, signal?: AbortSignal) => apiRequest<AuditDetail>(`/audit/${id}/`, { signal });

export const useAuditEntry = (id: number | null) =>
  useQuery({
    queryKey: auditKeys.entry(id ?? 0),
    queryFn: ({ signal }) => getAuditEntry(id ?? 0, signal),
    enabled: id !== null,
  });
