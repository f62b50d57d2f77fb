import type { RecoveryCodes } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';
import { useSavingMutation } from '../../../lib/query-client';
import { accountSecurityKeys } from '../keys';

/** POST /account/totp/recovery-codes/: 10 new recovery codes; the old ones stop working. */
export const regenerateRecoveryCodes = () => apiRequest<RecoveryCodes>('/account/totp/recovery-codes/', { method: 'POST' });

export const useRegenerateRecoveryCodes = () => useSavingMutation(regenerateRecoveryCodes, accountSecurityKeys.totp);
