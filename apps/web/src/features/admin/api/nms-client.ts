import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { useSettledMutation } from '../../../lib/query-client';
import { adminKeys } from './admin-keys';

/** The network management service lives under /nms, beside /api. */
export const nmsUrl = (path: string) => `${window.location.origin}/nms${path}`;

/** A list answer, plain or paged. */
export type Listing<T> = T[] | { results: T[] };
export const listRows = <T>(answer: Listing<T>): T[] => (Array.isArray(answer) ? answer : answer.results);

/** An NMS read: not retried (the service may be away), polled every 10 s. */
export const nmsQueryOptions = <T>(queryKey: QueryKey, read: (signal: AbortSignal) => Promise<T>) =>
  queryOptions({ queryKey, queryFn: ({ signal }) => read(signal), retry: false, refetchInterval: 10_000 });

/** NMS writes refresh every NMS query (device state and applications). */
export const useNmsMutation = <V>(mutationFn: (variables: V) => Promise<unknown>) =>
  useSettledMutation(mutationFn, adminKeys.nms);
