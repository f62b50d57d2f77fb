import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { saveSession } from '../../../lib/storage';

export type LoginInput = { username: string; password: string };
type LoginResponse = { token: string; expiry: string };

export const login = async (input: LoginInput): Promise<LoginResponse> => {
  const session = await apiRequest<LoginResponse>('/authtoken/', { method: 'POST', body: input, auth: false, silent: true });
  saveSession(session);
  return session;
};

export const useLogin = () => useMutation({ mutationFn: login });
