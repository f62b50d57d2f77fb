import type { AuthUser } from '../../plugins/auth.js';

/** The signed-in user the calls that take one are given (its values are never written, only the statements' text). */
export const user: AuthUser = {
  id: 1,
  companyId: 1,
  role: 1,
  editor: true,
  email: 'email',
  locationIds: [1],
  assignedLocationIds: [1],
  tokenHash: 'tokenHash',
};
