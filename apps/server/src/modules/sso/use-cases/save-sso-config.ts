import type { SsoConfig, SsoConfigInput } from '@rfid/contract';
import { validationError } from '../../../http/errors.js';
import { msg } from '../../../i18n/messages.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { SsoRepository } from '../sso.repository.js';
import { toDto, toRow } from '../sso.rules.js';

export type SaveSsoConfigDeps = {
  repo: Pick<SsoRepository, 'getConfig' | 'saveConfig' | 'domainsOfOthers' | 'locationIdsByCodes'>;
};

/**
 * PUT /api/sso/config/ (role 1): the company's provider and its mapping. A domain another company signs in with is
 * refused (the sign-in page could not tell which provider), and so is a location code the company does not have; a
 * blank client secret keeps the stored one. Refused: 400 naming the field, nothing changed.
 */
export const saveSsoConfig = async (
  { repo }: SaveSsoConfigDeps,
  user: AuthUser,
  body: SsoConfigInput,
  redirectUri: string,
): Promise<SsoConfig> => {
  const stored = await repo.getConfig(user.companyId);
  const row = toRow(user.companyId, body, stored);
  const taken = await repo.domainsOfOthers(user.companyId, row.domains);
  if (taken.length) throw validationError({ domains: [msg('sso.domain_taken', { domain: taken.sort().join(', ') })] });
  const codes = [...new Set(Object.values(row.locationMap).flat())];
  if (codes.length) {
    const found = await repo.locationIdsByCodes(user.companyId, codes);
    if (found.length !== codes.length) {
      // Which codes are unknown: those whose own lookup finds nothing (few; only on a refusal).
      const unknown: string[] = [];
      for (const code of codes) if (!(await repo.locationIdsByCodes(user.companyId, [code])).length) unknown.push(code);
      throw validationError({ location_map: [msg('sso.unknown_locations', { codes: unknown.sort().join(', ') })] });
    }
  }
  await repo.saveConfig(row);
  return toDto(row, redirectUri);
};
