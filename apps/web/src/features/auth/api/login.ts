import type { LoginResponse, MfaLoginBody, SessionResponse, TotpEnrolment } from '@rfid/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { readClientToken, saveClientToken, saveSession } from '../../../lib/storage';

export type LoginInput = { username: string; password: string };

/** What a sign-in step leads to: signed in, or the second factor's step, or its enrolment (issue 29). */
export type LoginOutcome =
  | { kind: 'signed-in' }
  | { kind: 'mfa'; mfaToken: string; username: string }
  | { kind: 'enrol'; mfaToken: string; username: string };

/** Keeps the session and this browser's known-client token of the user. */
export const keepSession = (username: string, session: SessionResponse): void => {
  saveSession({ token: session.token, expiry: session.expiry });
  saveClientToken(username, session.client_token);
};

/** POST /authtoken/ with this browser's known-client token of the user, when it has one. */
export const login = async (input: LoginInput): Promise<LoginOutcome> => {
  const clientToken = readClientToken(input.username);
  const answer = await apiRequest<LoginResponse>('/authtoken/', {
    method: 'POST',
    body: { ...input, ...(clientToken ? { client_token: clientToken } : {}) },
    auth: false,
    silent: true,
  });
  if ('mfa_required' in answer) return { kind: 'mfa', mfaToken: answer.mfa_token, username: input.username };
  if ('mfa_enrol_required' in answer) return { kind: 'enrol', mfaToken: answer.mfa_token, username: input.username };
  keepSession(input.username, answer);
  return { kind: 'signed-in' };
};

export const useLogin = () => useMutation({ mutationFn: login });

/** POST /authtoken/mfa/: the second step (a code or a recovery code) → the session. */
export const loginMfa = async ({ username, ...body }: MfaLoginBody & { username: string }): Promise<void> => {
  keepSession(
    username,
    await apiRequest<SessionResponse>('/authtoken/mfa/', { method: 'POST', body, auth: false, silent: true }),
  );
};

/** POST /authtoken/mfa/enrol/: the secret of the enrolment the company requires. */
export const startRequiredEnrolment = (mfaToken: string): Promise<TotpEnrolment> =>
  apiRequest<TotpEnrolment>('/authtoken/mfa/enrol/', {
    method: 'POST',
    body: { mfa_token: mfaToken },
    auth: false,
    silent: true,
  });

/** POST /authtoken/mfa/enrol/confirm/: the first code → the recovery codes and the session (kept once they are saved). */
export const confirmRequiredEnrolment = ({ mfaToken, code }: { mfaToken: string; code: string }) =>
  apiRequest<SessionResponse & { recovery_codes: string[] }>('/authtoken/mfa/enrol/confirm/', {
    method: 'POST',
    body: { mfa_token: mfaToken, code },
    auth: false,
    silent: true,
  });
