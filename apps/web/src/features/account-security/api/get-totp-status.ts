import type { TotpStatus } from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountSecurityKeys } from '../keys';

/** GET /account/totp/: the second factor on or off, recovery codes left, required by the company. */
export const getTotpStatus = (signal?: AbortSignal) => apiRequest<TotpStatus>('/account/totp/', { signal });

export const useTotpStatus = () =>
  useQuery({ queryKey: accountSecurityKeys.totp, queryFn: ({ signal }) => getTotpStatus(signal) });
