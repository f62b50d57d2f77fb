import { ChallengeKind, SsoError } from '@rfid/contract';
import type { OidcClient } from '../sso.provider.js';
import type { SsoRepository, SsoUser } from '../sso.repository.js';
import { editorOf, emailDomain, HANDOFF_MS, mapLocationCodes, mapRole, randomToken, sha256 } from '../sso.rules.js';

export type FinishSsoDeps = {
  repo: Pick<
    SsoRepository,
    | 'takeChallenge'
    | 'getConfig'
    | 'findUserBySubject'
    | 'findUserByEmail'
    | 'bindUser'
    | 'createUser'
    | 'setAccess'
    | 'locationIdsByCodes'
    | 'saveChallenge'
  >;
  client: Pick<OidcClient, 'claims'>;
  now: () => Date;
  /** An unusable password's hash for a user made just in time (argon2, as users.service). */
  unusablePasswordHash: () => Promise<string>;
  log?: (error: unknown) => void;
};

/** Signed in: the one-time code the sign-in page exchanges for its session; or refused, and why. */
export type FinishSsoResult = { ok: true; code: string; userId: number } | { ok: false; reason: SsoError };

const refused = (reason: SsoError): FinishSsoResult => ({ ok: false, reason });
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * GET /api/sso/callback/ (public): the provider's answer. The state is taken once (unknown, used or older than 10
 * minutes: expired); the code is exchanged and the ID token validated (openid-client: issuer, audience, nonce, PKCE);
 * the claims map to a role (none: refused) and locations; the user is the one bound to the provider's subject, else the
 * company's user with that e-mail (bound now), else one made just in time when the company allows it. Its role and
 * locations follow the claims at each sign-in. A refusal changes nothing.
 */
export const finishSso = async (deps: FinishSsoDeps, query: URLSearchParams): Promise<FinishSsoResult> => {
  const { repo, client, now } = deps;
  const state = query.get('state');
  if (!state) return refused(SsoError.Expired);
  const challenge = await repo.takeChallenge(sha256(state), ChallengeKind.Oidc);
  if (!challenge?.companyId || challenge.expiresAt.getTime() <= now().getTime()) return refused(SsoError.Expired);
  const error = query.get('error');
  if (error) return refused(error === 'access_denied' ? SsoError.Denied : SsoError.Provider);
  const config = await repo.getConfig(challenge.companyId);
  const { nonce, codeVerifier, redirectUri, issuer } = challenge.data;
  if (!config?.enabled || config.issuer !== issuer || !nonce || !codeVerifier || !redirectUri) return refused(SsoError.Disabled);

  let claims: Record<string, unknown>;
  try {
    claims = await client.claims(config, { redirectUri, query, state, nonce, codeVerifier });
  } catch (e) {
    deps.log?.(e);
    return refused(SsoError.Provider);
  }
  const subject = text(claims.sub);
  if (!subject) return refused(SsoError.Provider);
  const role = mapRole(config, claims);
  if (role === null) return refused(SsoError.NoRole);

  let user: SsoUser | undefined = await repo.findUserBySubject(config.issuer, subject);
  if (user && user.companyId !== config.companyId) return refused(SsoError.NoUser);
  if (!user) {
    const email = text(claims.email).toLowerCase();
    // Bound or made by e-mail only for the company's own domains, and never an address the provider says is unverified.
    if (!email || claims.email_verified === false || !config.domains.includes(emailDomain(email))) {
      return refused(SsoError.NoUser);
    }
    const byEmail = await repo.findUserByEmail(email);
    if (byEmail) {
      if (byEmail.companyId !== config.companyId || byEmail.oidcSubject) return refused(SsoError.NoUser);
      if (!byEmail.isActive) return refused(SsoError.Inactive);
      await repo.bindUser(byEmail.id, config.issuer, subject);
      user = byEmail;
    } else if (config.jitUsers) {
      const id = await repo.createUser({
        companyId: config.companyId,
        email,
        firstName: text(claims.given_name).slice(0, 150),
        lastName: text(claims.family_name).slice(0, 150),
        passwordHash: await deps.unusablePasswordHash(),
        oidcIssuer: config.issuer,
        oidcSubject: subject,
      });
      user = { id, companyId: config.companyId, email, role, isActive: true, oidcIssuer: config.issuer, oidcSubject: subject };
    } else {
      return refused(SsoError.NoUser);
    }
  }
  if (!user.isActive) return refused(SsoError.Inactive);

  const locationIds = await repo.locationIdsByCodes(config.companyId, mapLocationCodes(config, claims));
  await repo.setAccess(user.id, { role, editor: editorOf(role), locationIds });
  const code = randomToken();
  await repo.saveChallenge({
    tokenHash: sha256(code),
    kind: ChallengeKind.SsoHandoff,
    companyId: config.companyId,
    userId: user.id,
    data: {},
    expiresAt: new Date(now().getTime() + HANDOFF_MS),
  });
  return { ok: true, code, userId: user.id };
};
