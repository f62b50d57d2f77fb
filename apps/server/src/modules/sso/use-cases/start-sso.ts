import { ChallengeKind, type SsoStartBody, type SsoStartResponse } from '@rfid/contract';
import { AppError, foundOr } from '../../../http/errors.js';
import type { OidcClient } from '../sso.provider.js';
import type { SsoRepository } from '../sso.repository.js';
import { emailDomain, OIDC_REQUEST_MS, randomToken, sha256 } from '../sso.rules.js';

export type StartSsoDeps = {
  repo: Pick<SsoRepository, 'findEnabledByDomain' | 'saveChallenge' | 'deleteExpired'>;
  client: Pick<OidcClient, 'authorizationUrl' | 'randomVerifier'>;
  now: () => Date;
  log?: (error: unknown) => void;
};

/**
 * POST /api/sso/start/ (public): the e-mail's domain names an enabled company configuration; its authorization request
 * (code flow, PKCE S256, state, nonce) is kept in login_challenges for 10 minutes, found by the state's SHA-256 (any
 * process can take the answer), and its URL answered. No configuration for the domain: 404 (the sign-in page says so).
 */
export const startSso = async (
  { repo, client, now, log }: StartSsoDeps,
  body: SsoStartBody,
  redirectUri: string,
): Promise<SsoStartResponse> => {
  const config = await foundOr(repo.findEnabledByDomain(emailDomain(body.email)), 'sso.not_configured');
  const state = randomToken();
  const nonce = randomToken();
  const codeVerifier = client.randomVerifier();
  let url: string;
  try {
    url = await client.authorizationUrl(config, { redirectUri, state, nonce, codeVerifier, loginHint: body.email });
  } catch (error) {
    log?.(error);
    throw new AppError('UNAVAILABLE', { message: 'sso.provider_unreachable' });
  }
  // The requests nobody finished (and late hand-off codes) go as new ones come: the table stays small.
  await repo.deleteExpired([ChallengeKind.Oidc, ChallengeKind.SsoHandoff], now());
  await repo.saveChallenge({
    tokenHash: sha256(state),
    kind: ChallengeKind.Oidc,
    companyId: config.companyId,
    userId: null,
    data: { nonce, codeVerifier, redirectUri, issuer: config.issuer },
    expiresAt: new Date(now().getTime() + OIDC_REQUEST_MS),
  });
  return { url };
};
