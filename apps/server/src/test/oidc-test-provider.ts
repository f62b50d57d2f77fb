import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A user of the test provider: its subject is its login on the provider's sign-in form. */
export type TestAccount = {
  sub: string;
  email: string;
  given_name?: string;
  family_name?: string;
  groups?: string[];
  email_verified?: boolean;
};

export type TestProvider = {
  /** http://127.0.0.1:<port>: http is allowed for a loopback issuer only (docs/sso.md). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  close: () => Promise<void>;
};

/**
 * The company's SSO settings (PUT /sso/config/) that send the e-mails of `domain` to this provider, roles and locations
 * taken from its `groups` claim through `roleMap` and `locationMap`, users created just in time; `over` changes any field.
 */
export const ssoConfigFor = (
  idp: TestProvider,
  domain: string,
  { roleMap, locationMap }: { roleMap: Record<string, number>; locationMap: Record<string, string[]> },
  over: Record<string, unknown> = {},
) => ({
  enabled: true,
  issuer: idp.issuer,
  client_id: idp.clientId,
  client_secret: idp.clientSecret,
  scopes: 'openid email profile groups',
  domains: [domain],
  role_claim: 'groups',
  role_map: roleMap,
  default_role: null,
  locations_claim: 'groups',
  location_map: locationMap,
  jit_users: true,
  sso_only: false,
  ...over,
});

/**
 * A real OpenID provider for the tests (panva's oidc-provider, as certified providers are): code flow with PKCE
 * required, a confidential client (client_secret_post) whose redirect URIs are given, the development sign-in and
 * consent pages (any password), and accounts with e-mail, names and a `groups` claim (scope `groups`).
 */
export const startTestProvider = async ({
  redirectUris,
  accounts,
  port = 0,
  clientId = 'rfid-stock',
  clientSecret = 'test-client-secret-0123456789',
}: {
  redirectUris: string[];
  accounts: TestAccount[];
  port?: number;
  clientId?: string;
  clientSecret?: string;
}): Promise<TestProvider> => {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const known = new Map(accounts.map((a) => [a.sub, a]));
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
      groups: ['groups'],
    },
    scopes: ['openid', 'email', 'profile', 'groups'],
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const account = known.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          return {
            sub: account.sub,
            email: account.email,
            email_verified: account.email_verified ?? true,
            given_name: account.given_name,
            family_name: account.family_name,
            name: [account.given_name, account.family_name].filter(Boolean).join(' '),
            groups: account.groups ?? [],
          };
        },
      };
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    accounts: known,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** A tiny cookie jar for one browser-like walk through the provider's pages (names only; paths ignored). */
const cookieJar = () => {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    take(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') cookies.delete(name);
        else cookies.set(name, value);
      }
    },
  };
};

const unescapeHtml = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#x2F;/g, '/')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');

/**
 * Walks the provider's pages as a browser would, from the authorization URL: signs in as `login` (any password) and
 * consents, or cancels (`deny`: the provider answers error=access_denied). Answers the URL the provider sends the
 * browser back to (the redirect URI with code and state, or error), without calling it.
 */
export const signInAtProvider = async (
  authorizationUrl: string,
  login: string,
  { deny = false }: { deny?: boolean } = {},
): Promise<URL> => {
  const jar = cookieJar();
  const issuerOrigin = new URL(authorizationUrl).origin;
  let url = new URL(authorizationUrl);
  let method = 'GET';
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    if (url.origin !== issuerOrigin) return url;
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(body ? { body } : {}),
    });
    jar.take(response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url);
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`provider answered ${response.status}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form on the provider's page: ${html.slice(0, 300)}`);
    const uid = /\/interaction\/([^/"]+)/.exec(unescapeHtml(action))?.[1];
    if (deny && uid) {
      url = new URL(`/interaction/${uid}/abort`, issuerOrigin);
      method = 'GET';
      body = undefined;
      continue;
    }
    url = new URL(unescapeHtml(action), url);
    method = 'POST';
    body = html.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login, password: 'any-password' })
      : new URLSearchParams({ prompt: 'consent' });
  }
  throw new Error('too many steps at the provider');
};
