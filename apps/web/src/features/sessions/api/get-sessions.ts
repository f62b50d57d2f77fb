import type { Session } from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionsKeys } from '../keys';

/** GET /sessions/: the signed-in user's open sessions, newest first (`current`: this browser's). */
export const getSessions = (signal?: AbortSignal) => apiRequest<Session[]>('/sessions/', { signal });

export const useSessions = () => useQuery({ queryKey: sessionsKeys.all, queryFn: ({ signal }) => getSessions(signal) });
