import type { RecoveryCodes } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';
import { useSavingMutation } from '../../../lib/query-client';
import { accountSecurityKeys } from '../keys';

/** POST /account/totp/confirm/: the first code → the second factor on and the recovery codes (shown once). */
export const confirmTotp = (code: string) =>
  apiRequest<RecoveryCodes>('/account/totp/confirm/', { method: 'POST', body: { code }, silent: true });

export const useConfirmTotp = () => useSavingMutation(confirmTotp, accountSecurityKeys.totp);
