import { apiRequest } from '../../../lib/api-client';
import { useSavingMutation } from '../../../lib/query-client';
import { accountSecurityKeys } from '../keys';

/** DELETE /account/totp/: the second factor off, with the password or a current code. */
export const disableTotp = (proof: { password?: string; code?: string }) =>
  apiRequest<null>('/account/totp/', { method: 'DELETE', body: proof, silent: true });

export const useDisableTotp = () => useSavingMutation(disableTotp, accountSecurityKeys.totp);
