import type { Verification } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { verificationKeys } from '../keys';

/** GET /verifications/{id}/: one verification (code, window, counts, reader, side, valid). */
export const getVerification = (id: string | number, signal?: AbortSignal) =>
  apiRequest<Verification>(`/verifications/${id}/`, { signal });

export const verificationQueryOptions = (id: string | number) =>
  queryOptions({ queryKey: verificationKeys.one(id), queryFn: ({ signal }) => getVerification(id, signal), retry: false });

export const useVerification = (id: string | number) => useQuery(verificationQueryOptions(id));
