import type { TotpEnrolment } from '@rfid/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /account/totp/: a new secret to add to an authenticator app (QR code and manual key). */
export const startTotp = () => apiRequest<TotpEnrolment>('/account/totp/', { method: 'POST' });

export const useStartTotp = () => useMutation({ mutationFn: startTotp });
