import type { SsoConfig } from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ssoKeys } from '../keys';

/** GET /sso/config/: the company's single sign-on (never its client secret); role 1. */
export const getSsoConfig = (signal?: AbortSignal) => apiRequest<SsoConfig>('/sso/config/', { signal });

export const useSsoConfig = (enabled: boolean) =>
  useQuery({ queryKey: ssoKeys.config, queryFn: ({ signal }) => getSsoConfig(signal), enabled });
