import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ReaderKey } from './types';

/**
 * POST /readers/{id}/rotate_key/: a new device key (the old one stops working), shown once. From `version` (the one the
 * page loaded): of two rotations at once only one gets a key, the other a 409.
 */
export const rotateReaderKey = ({ id, version }: { id: number; version?: number }) =>
  apiRequest<ReaderKey>(`/readers/${id}/rotate_key/`, { method: 'POST', silent: true, ifMatch: version });

export const useRotateReaderKey = () => useMutation({ mutationFn: rotateReaderKey });
