import type { SsoStartBody, SsoStartResponse } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /sso/start/: the e-mail's company provider → its sign-in URL (404: no provider for that domain). */
export const startSso = (body: SsoStartBody) =>
  apiRequest<SsoStartResponse>('/sso/start/', { method: 'POST', body, auth: false, silent: true });
