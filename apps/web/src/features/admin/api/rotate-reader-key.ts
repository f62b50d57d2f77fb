import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ReaderKey } from './types';

/** POST /readers/{id}/rotate_key/: a new device key (the old one stops working), shown once. */
export const rotateReaderKey = (id: number) =>
  apiRequest<ReaderKey>(`/readers/${id}/rotate_key/`, { method: 'POST', silent: true });

export const useRotateReaderKey = () => useMutation({ mutationFn: rotateReaderKey });
