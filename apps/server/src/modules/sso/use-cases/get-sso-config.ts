import type { SsoConfig } from '@rfid/contract';
import type { AuthUser } from '../../../plugins/auth.js';
import type { SsoRepository } from '../sso.repository.js';
import { toDto } from '../sso.rules.js';

/** GET /api/sso/config/ (role 1): the company's configuration (defaults when none), never its client secret. */
export const getSsoConfig = async (
  repo: Pick<SsoRepository, 'getConfig'>,
  user: AuthUser,
  redirectUri: string,
): Promise<SsoConfig> => toDto(await repo.getConfig(user.companyId), redirectUri);
