import * as oidc from 'openid-client';
import type { SsoConfigRow } from './sso.repository.js';

/** What a sign-in asks the provider: where to come back, and the request's one-time values. */
export type AuthorizationRequest = {
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  loginHint?: string;
};

/** The provider's answer checked against its request (state, nonce, PKCE verifier). */
export type CallbackCheck = {
  redirectUri: string;
  /** The callback's query string as it arrived (code, state, iss …). */
  query: URLSearchParams;
  state: string;
  nonce: string;
  codeVerifier: string;
};

/**
 * The relying party (openid-client): the provider's authorization URL, and the code exchanged for a validated ID token
 * (issuer, audience, nonce, signature, expiry: checked by the library) whose claims, with the userinfo's, are answered.
 */
export type OidcClient = {
  authorizationUrl: (config: SsoConfigRow, request: AuthorizationRequest) => Promise<string>;
  claims: (config: SsoConfigRow, check: CallbackCheck) => Promise<Record<string, unknown>>;
  randomVerifier: () => string;
};

/** http is used only for a provider on this machine (the tests' and the demo's): see isAllowedIssuer. */
const isLoopback = (issuer: URL) => issuer.protocol === 'http:';

/** A provider's metadata is read again after this. */
const DISCOVERY_MS = 10 * 60_000;

export const createOidcClient = ({ timeoutSeconds = 10 }: { timeoutSeconds?: number } = {}): OidcClient => {
  const cache = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();
  const configurationOf = (sso: SsoConfigRow): Promise<oidc.Configuration> => {
    const key = JSON.stringify([sso.issuer, sso.clientId, sso.clientSecret]);
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < DISCOVERY_MS) return hit.config;
    const issuer = new URL(sso.issuer);
    const config = oidc.discovery(
      issuer,
      sso.clientId,
      sso.clientSecret || undefined,
      sso.clientSecret ? oidc.ClientSecretPost(sso.clientSecret) : oidc.None(),
      { timeout: timeoutSeconds, ...(isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : {}) },
    );
    cache.set(key, { at: Date.now(), config });
    config.catch(() => cache.delete(key));
    return config;
  };
  return {
    randomVerifier: () => oidc.randomPKCECodeVerifier(),
    async authorizationUrl(sso, request) {
      const config = await configurationOf(sso);
      const params: Record<string, string> = {
        redirect_uri: request.redirectUri,
        scope: sso.scopes,
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
        state: request.state,
        nonce: request.nonce,
      };
      if (request.loginHint) params.login_hint = request.loginHint;
      return oidc.buildAuthorizationUrl(config, params).toString();
    },
    async claims(sso, check) {
      const config = await configurationOf(sso);
      // openid-client takes the token request's redirect_uri from this URL less its query: the registered one exactly.
      const current = new URL(check.redirectUri);
      current.search = check.query.toString();
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: check.codeVerifier,
        expectedState: check.state,
        expectedNonce: check.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('no ID token');
      const claims: Record<string, unknown> = { ...idClaims };
      // Many providers put the profile and groups in the userinfo answer only (oidc-provider, Okta's default): its
      // values complete the ID token's (whose own values stand).
      if (config.serverMetadata().userinfo_endpoint && tokens.access_token) {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
        for (const [k, v] of Object.entries(info)) if (!(k in claims)) claims[k] = v;
      }
      return claims;
    },
  };
};
