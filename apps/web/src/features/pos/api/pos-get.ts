import type { PosTransaction } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { posKeys } from '../keys';
import { POS_COLLECTION, type PosKind } from './pos-kind';

/** GET /sales/{id}/ or /returns/{id}/: the transaction's facts (a foreign one is 404). */
export const posTransactionQueryOptions = (kind: PosKind, id: string) =>
  queryOptions({
    queryKey: posKeys.detail(kind, id),
    queryFn: ({ signal }) => apiRequest<PosTransaction>(`/${POS_COLLECTION[kind]}/${id}/`, { silent: true, signal }),
    retry: false,
  });

export const usePosTransaction = (kind: PosKind, id: string) => useQuery(posTransactionQueryOptions(kind, id));
