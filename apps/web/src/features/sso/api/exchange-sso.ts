import type { SsoExchangeBody } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';
import { type Session, saveSession } from '../../../lib/storage';

/** POST /sso/exchange/: the callback's one-time code → the session, kept as the password sign-in keeps it. */
export const exchangeSso = async (body: SsoExchangeBody): Promise<Session> => {
  const session = await apiRequest<Session>('/sso/exchange/', { method: 'POST', body, auth: false, silent: true });
  saveSession(session);
  return session;
};
