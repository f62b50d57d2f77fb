import type { SsoConfig, SsoConfigBody } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';
import { useSavingMutation } from '../../../lib/query-client';
import { ssoKeys } from '../keys';

/** PUT /sso/config/: the company's single sign-on (a blank client_secret keeps the stored one); role 1. */
export const saveSsoConfig = (body: SsoConfigBody) =>
  apiRequest<SsoConfig>('/sso/config/', { method: 'PUT', body, silent: true });

export const useSaveSsoConfig = () => useSavingMutation(saveSsoConfig, ssoKeys.all);
