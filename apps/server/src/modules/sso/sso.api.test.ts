import { createHash } from 'node:crypto';
import { ChallengeKind, SessionMethod } from '@rfid/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { apiTokens, companySso, loginChallenges, userLocations, users } from '../../db/schema/index.js';
import { addForeignCompany, type ForeignCompany, locationIdByCode } from '../../test/admin-fixtures.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { signInAtProvider, ssoConfigFor, startTestProvider, type TestProvider } from '../../test/oidc-test-provider.js';

/**
 * Single sign-on end to end against a real OpenID provider (oidc-provider, run by the test on 127.0.0.1): the
 * administrator's configuration, then start → the provider's sign-in and consent pages → callback → exchange → a session
 * that works; refusals (no role, denied, expired, replayed, wrong nonce, disabled) make no session and change nothing.
 */
describe('single sign-on (OpenID Connect)', () => {
  let t: TestApp;
  let idp: TestProvider;
  let foreign: ForeignCompany;
  let companyId: number;
  let mad: number;
  let bcn: number;
  // No PUBLIC_URL: the redirect URI is built on the request's origin (inject's is http://localhost).
  const REDIRECT = 'http://localhost/api/sso/callback/';
  const DOMAIN = 'sso.demo.local';

  const as = async (who: string, method: 'GET' | 'PUT', url: string, payload?: unknown) =>
    t.call(method, url, await t.login(who), payload);
  const configBody = (over: Record<string, unknown> = {}) =>
    ssoConfigFor(
      idp,
      DOMAIN,
      {
        roleMap: { 'rfid-admins': 1, 'rfid-editors': 3, 'rfid-viewers': 5 },
        locationMap: { 'store-madrid': ['T-MAD-01'], 'store-barcelona': ['T-BCN-01'] },
      },
      over,
    );
  const configure = async (over: Record<string, unknown> = {}) => {
    const r = await as('admin@demo.local', 'PUT', '/api/sso/config/', configBody(over));
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  /** start → the provider (as `login`) → the callback's answer (its Location). */
  const signIn = async (email: string, login: string, options: { deny?: boolean } = {}) => {
    const start = await t.call('POST', '/api/sso/start/', undefined, { email });
    expect(start.statusCode, start.body).toBe(200);
    const back = await signInAtProvider(start.json().url, login, options);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    return callback(back);
  };
  const callback = async (back: URL) => {
    const r = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(r.statusCode, r.body).toBe(302);
    return new URL(String(r.headers.location));
  };
  const exchange = (code: string) => t.call('POST', '/api/sso/exchange/', undefined, { code });
  const codeOf = (location: URL) => {
    expect(location.pathname).toBe('/login/sso');
    expect(location.search).toBe('');
    const code = new URLSearchParams(location.hash.slice(1)).get('code');
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return code as string;
  };
  const userByEmail = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];
  const locationsOf = async (userId: number) =>
    (await t.database.db.select().from(userLocations).where(eq(userLocations.userId, userId))).map((r) => r.locationId).sort();

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, options: { config: { ...loadConfig(), publicUrl: undefined } } });
    idp = await startTestProvider({
      redirectUris: [REDIRECT],
      accounts: [
        {
          sub: 'marta',
          email: `marta@${DOMAIN}`,
          given_name: 'Marta',
          family_name: 'Ruiz',
          groups: ['rfid-editors', 'store-madrid', 'store-barcelona'],
        },
        { sub: 'lola', email: `lola@${DOMAIN}`, groups: ['rfid-viewers', 'rfid-editors', 'store-madrid'] },
        { sub: 'nadie', email: `nadie@${DOMAIN}`, groups: ['marketing'] },
        { sub: 'bound', email: `bound@${DOMAIN}`, groups: ['rfid-viewers', 'store-barcelona'] },
        { sub: 'old', email: `old@${DOMAIN}`, groups: ['rfid-viewers'] },
        { sub: 'stranger', email: 'stranger@elsewhere.example', groups: ['rfid-viewers'] },
      ],
    });
    foreign = await addForeignCompany(t.database.db);
    await t.database.db.update(users).set({ role: 1 }).where(eq(users.id, foreign.userId));
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, 'admin@demo.local'));
    companyId = admin?.companyId as number;
    mad = await locationIdByCode(t.database.db, 'T-MAD-01');
    bcn = await locationIdByCode(t.database.db, 'T-BCN-01');
  });
  afterAll(async () => {
    await idp?.close();
    await t?.close();
  });

  describe('GET and PUT /api/sso/config/ (role 1)', () => {
    it('answers defaults before any configuration, with the redirect URI to register', async () => {
      const r = await as('admin@demo.local', 'GET', '/api/sso/config/');
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ configured: false, enabled: false, has_client_secret: false, redirect_uri: REDIRECT });
    });

    it('saves it; the secret is write-only (never answered) and a blank one keeps it', async () => {
      const saved = await configure();
      expect(saved).toMatchObject({ configured: true, enabled: true, issuer: idp.issuer, has_client_secret: true });
      expect(JSON.stringify(saved)).not.toContain(idp.clientSecret);
      const again = await configure({ client_secret: '' });
      expect(again.has_client_secret).toBe(true);
      const read = await as('admin@demo.local', 'GET', '/api/sso/config/');
      expect(read.body).not.toContain(idp.clientSecret);
      expect(read.json()).toMatchObject({ domains: [DOMAIN], role_map: { 'rfid-editors': 3 } });
      const [row] = await t.database.db.select().from(companySso).where(eq(companySso.companyId, companyId));
      expect(row?.clientSecret).toBe(idp.clientSecret);
    });

    it('refuses role 2 and below (403), changing nothing', async () => {
      expect((await as('brand@demo.local', 'GET', '/api/sso/config/')).statusCode).toBe(403);
      const put = await as('brand@demo.local', 'PUT', '/api/sso/config/', configBody({ enabled: false }));
      expect(put.statusCode).toBe(403);
      expect((await as('viewer@demo.local', 'GET', '/api/sso/config/')).statusCode).toBe(403);
      const [row] = await t.database.db.select().from(companySso).where(eq(companySso.companyId, companyId));
      expect(row?.enabled).toBe(true);
    });

    it("another company's administrator sees only its own (none), and cannot take a domain in use", async () => {
      const own = await as(foreign.email, 'GET', '/api/sso/config/');
      expect(own.json()).toMatchObject({ configured: false, issuer: '', domains: [] });
      const taken = await as(foreign.email, 'PUT', '/api/sso/config/', configBody());
      expect(taken.statusCode).toBe(400);
      expect(taken.json().errors.domains[0]).toBe(`Another company signs in with the domain ${DOMAIN}.`);
      const rows = await t.database.db.select().from(companySso).where(eq(companySso.companyId, foreign.companyId));
      expect(rows).toEqual([]);
    });

    it.each([
      ['issuer', { issuer: 'http://idp.example.com' }, 'Enter an https address (http only for 127.0.0.1 or localhost).'],
      ['issuer', { issuer: 'not a url' }, 'Enter an https address (http only for 127.0.0.1 or localhost).'],
      ['client_id', { client_id: '' }, 'This field is required.'],
      ['scopes', { scopes: 'email profile' }, 'The scopes must include openid.'],
      ['domains', { domains: ['not a domain'] }, 'Enter a domain such as example.com.'],
      ['role_map', { role_map: { admins: 0 } }, 'Choose a role from 1 to 5.'],
      ['role_map', { role_map: { admins: 6 } }, 'Choose a role from 1 to 5.'],
      ['default_role', { default_role: 9 }, 'Choose a role from 1 to 5.'],
      ['location_map', { location_map: { x: ['NO-SUCH-CODE'] } }, 'These location codes do not exist: NO-SUCH-CODE.'],
      ['location_map', { location_map: { x: ['X-CD-1'] } }, 'These location codes do not exist: X-CD-1.'],
    ])('a wrong %s is a 400 naming it (%j)', async (field, over, message) => {
      const r = await as('admin@demo.local', 'PUT', '/api/sso/config/', configBody({ ...over, enabled: false }));
      expect(r.statusCode, r.body).toBe(400);
      const errors = r.json().errors as Record<string, string[]>;
      const named = Object.entries(errors).find(([key]) => key === field || key.startsWith(`${field}.`));
      expect(named?.[1]).toContain(message);
      const [row] = await t.database.db.select().from(companySso).where(eq(companySso.companyId, companyId));
      expect(row?.enabled).toBe(true);
    });

    it('answers the messages in Spanish too', async () => {
      const r = await t.app.inject({
        method: 'PUT',
        url: '/api/sso/config/',
        headers: { authorization: await t.login('admin@demo.local'), 'accept-language': 'es' },
        payload: configBody({ issuer: 'http://idp.example.com' }),
      });
      expect(r.json().errors.issuer).toEqual(['Introduzca una dirección https (http solo para 127.0.0.1 o localhost).']);
    });
  });

  describe('sign-in through the provider', () => {
    it('an unknown domain is a 404 the sign-in page shows; a bad e-mail a 400', async () => {
      const r = await t.call('POST', '/api/sso/start/', undefined, { email: 'someone@nowhere.example' });
      expect(r.statusCode).toBe(404);
      expect(r.json().message).toBe(
        'Single sign-on is not set up for this e-mail address. Sign in with your password, or ask your administrator.',
      );
      expect((await t.call('POST', '/api/sso/start/', undefined, { email: 'nope' })).statusCode).toBe(400);
    });

    it('the authorization request uses the code flow with PKCE S256, state and nonce, kept 10 minutes', async () => {
      const r = await t.call('POST', '/api/sso/start/', undefined, { email: `marta@${DOMAIN}` });
      const url = new URL(r.json().url);
      expect(url.origin).toBe(idp.issuer);
      const q = url.searchParams;
      expect(q.get('response_type')).toBe('code');
      expect(q.get('code_challenge_method')).toBe('S256');
      expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(q.get('redirect_uri')).toBe(REDIRECT);
      expect(q.get('client_id')).toBe(idp.clientId);
      const state = q.get('state') as string;
      const [row] = await t.database.db
        .select()
        .from(loginChallenges)
        .where(eq(loginChallenges.tokenHash, createHash('sha256').update(state).digest('hex')));
      expect(row).toMatchObject({ kind: ChallengeKind.Oidc, companyId });
      expect(row?.data.nonce).toBe(q.get('nonce'));
      const minutes = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(9);
      expect(minutes).toBeLessThanOrEqual(10);
      // The verifier is kept here and never sent: the challenge is its SHA-256.
      expect(
        createHash('sha256')
          .update(row?.data.codeVerifier ?? '')
          .digest('base64url'),
      ).toBe(q.get('code_challenge'));
    });

    it('makes an unknown user just in time with the mapped role and locations; the session works', async () => {
      const location = await signIn(`marta@${DOMAIN}`, 'marta');
      const code = codeOf(location);
      const session = await exchange(code);
      expect(session.statusCode, session.body).toBe(200);
      const { token, expiry } = session.json();
      expect(token).toMatch(/^[0-9a-f]{40}$/);
      expect(new Date(expiry).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
      const identity = await t.call('GET', '/api/identity/', `Token ${token}`);
      expect(identity.statusCode).toBe(200);
      expect(identity.json()).toMatchObject({ email: `marta@${DOMAIN}`, first_name: 'Marta', last_name: 'Ruiz', user_role: 3 });
      expect([...identity.json().locations].sort()).toEqual([mad, bcn].sort());
      const user = await userByEmail(`marta@${DOMAIN}`);
      expect(user).toMatchObject({ companyId, role: 3, editor: true, oidcIssuer: idp.issuer, oidcSubject: 'marta' });
      // Its password is a random one nobody knows: the password sign-in refuses anything.
      const password = await t.call('POST', '/api/authtoken/', undefined, { username: `marta@${DOMAIN}`, password: 'demo1234' });
      expect(password.statusCode).toBe(400);
      const [tokenRow] = await t.database.db
        .select()
        .from(apiTokens)
        .where(eq(apiTokens.userId, user?.id as number));
      expect(tokenRow?.method).toBe(SessionMethod.Oidc);
    });

    it('the hand-off code works once, and the state once', async () => {
      const start = await t.call('POST', '/api/sso/start/', undefined, { email: `marta@${DOMAIN}` });
      const back = await signInAtProvider(start.json().url, 'marta');
      const code = codeOf(await callback(back));
      expect((await exchange(code)).statusCode).toBe(200);
      const again = await exchange(code);
      expect(again.statusCode).toBe(400);
      expect(again.json().errors.code).toEqual(['This sign-in has expired or was used already. Sign in again.']);
      // The provider's answer replayed: its state is gone.
      const replay = await callback(back);
      expect(replay.pathname).toBe('/login');
      expect(replay.searchParams.get('sso_error')).toBe('expired');
    });

    it('takes the lowest role number of the mapped groups, and follows the claims at each sign-in', async () => {
      const first = await exchange(codeOf(await signIn(`lola@${DOMAIN}`, 'lola')));
      expect(first.statusCode).toBe(200);
      const lola = await userByEmail(`lola@${DOMAIN}`);
      expect(lola?.role).toBe(3);
      expect(await locationsOf(lola?.id as number)).toEqual([mad]);
      const account = idp.accounts.get('lola');
      if (account) account.groups = ['rfid-viewers', 'store-barcelona'];
      expect((await exchange(codeOf(await signIn(`lola@${DOMAIN}`, 'lola')))).statusCode).toBe(200);
      expect((await userByEmail(`lola@${DOMAIN}`))?.role).toBe(5);
      expect(await locationsOf(lola?.id as number)).toEqual([bcn]);
    });

    it('binds an existing user of the company by its e-mail', async () => {
      const [made] = await t.database.db
        .insert(users)
        .values({ companyId, email: `bound@${DOMAIN}`, firstName: 'Bea', role: 4, passwordHash: 'x' })
        .returning();
      const session = await exchange(codeOf(await signIn(`bound@${DOMAIN}`, 'bound')));
      expect(session.statusCode).toBe(200);
      const user = await userByEmail(`bound@${DOMAIN}`);
      expect(user).toMatchObject({ id: made?.id, firstName: 'Bea', role: 5, oidcIssuer: idp.issuer, oidcSubject: 'bound' });
      expect(await locationsOf(made?.id as number)).toEqual([bcn]);
      expect((await t.database.db.select().from(users).where(eq(users.oidcSubject, 'bound'))).length).toBe(1);
    });

    it('refuses a user whose groups map to no role (no default role), making no user', async () => {
      const location = await signIn(`nadie@${DOMAIN}`, 'nadie');
      expect(location.pathname).toBe('/login');
      expect(location.searchParams.get('sso_error')).toBe('no_role');
      expect(await userByEmail(`nadie@${DOMAIN}`)).toBeUndefined();
    });

    it('a default role lets such a user in', async () => {
      await configure({ default_role: 5 });
      const session = await exchange(codeOf(await signIn(`nadie@${DOMAIN}`, 'nadie')));
      expect(session.statusCode).toBe(200);
      expect((await userByEmail(`nadie@${DOMAIN}`))?.role).toBe(5);
      await configure();
    });

    it('refuses when the user cancels at the provider (error=access_denied)', async () => {
      const location = await signIn(`marta@${DOMAIN}`, 'marta', { deny: true });
      expect(location.searchParams.get('sso_error')).toBe('denied');
    });

    it('refuses an expired request (older than 10 minutes)', async () => {
      const start = await t.call('POST', '/api/sso/start/', undefined, { email: `marta@${DOMAIN}` });
      const state = new URL(start.json().url).searchParams.get('state') as string;
      const back = await signInAtProvider(start.json().url, 'marta');
      await t.database.db
        .update(loginChallenges)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(loginChallenges.tokenHash, createHash('sha256').update(state).digest('hex')));
      const location = await callback(back);
      expect(location.searchParams.get('sso_error')).toBe('expired');
      const unknown = await callback(new URL(`${REDIRECT}?code=x&state=never-issued`));
      expect(unknown.searchParams.get('sso_error')).toBe('expired');
    });

    it('refuses an ID token whose nonce is not the request’s', async () => {
      const start = await t.call('POST', '/api/sso/start/', undefined, { email: `marta@${DOMAIN}` });
      const state = new URL(start.json().url).searchParams.get('state') as string;
      const back = await signInAtProvider(start.json().url, 'marta');
      const hash = createHash('sha256').update(state).digest('hex');
      const [row] = await t.database.db.select().from(loginChallenges).where(eq(loginChallenges.tokenHash, hash));
      await t.database.db
        .update(loginChallenges)
        .set({ data: { ...row?.data, nonce: 'another-nonce' } })
        .where(eq(loginChallenges.tokenHash, hash));
      const location = await callback(back);
      expect(location.searchParams.get('sso_error')).toBe('provider');
    });

    it('refuses a provider whose issuer is not the configured one (discovery check): 503, no request kept', async () => {
      await configure({ issuer: idp.issuer.replace('127.0.0.1', 'localhost') });
      const before = await t.database.db.select().from(loginChallenges);
      const r = await t.call('POST', '/api/sso/start/', undefined, { email: `marta@${DOMAIN}` });
      expect(r.statusCode).toBe(503);
      expect(await t.database.db.select().from(loginChallenges)).toHaveLength(before.length);
      await configure();
    });

    it('refuses a deactivated user, and an e-mail outside the domains; no user made when JIT is off', async () => {
      await exchange(codeOf(await signIn(`old@${DOMAIN}`, 'old')));
      await t.database.db
        .update(users)
        .set({ isActive: false })
        .where(eq(users.email, `old@${DOMAIN}`));
      expect((await signIn(`old@${DOMAIN}`, 'old')).searchParams.get('sso_error')).toBe('inactive');
      // Starts with a configured domain, but the provider says the user is someone of another domain.
      expect((await signIn(`marta@${DOMAIN}`, 'stranger')).searchParams.get('sso_error')).toBe('no_user');
      await configure({ jit_users: false });
      const account = idp.accounts.get('stranger');
      if (account) account.email = `new@${DOMAIN}`;
      expect((await signIn(`new@${DOMAIN}`, 'stranger')).searchParams.get('sso_error')).toBe('no_user');
      expect(await userByEmail(`new@${DOMAIN}`)).toBeUndefined();
      await configure();
    });

    it('a disabled configuration starts nothing', async () => {
      await configure({ enabled: false });
      expect((await t.call('POST', '/api/sso/start/', undefined, { email: `marta@${DOMAIN}` })).statusCode).toBe(404);
      await configure();
    });
  });

  describe('SSO only', () => {
    it("refuses the company's passwords except role 1's, with a clear message", async () => {
      await configure({ sso_only: true });
      const viewer = await t.call('POST', '/api/authtoken/', undefined, { username: 'viewer@demo.local', password: 'demo1234' });
      expect(viewer.statusCode).toBe(400);
      expect(viewer.json().errors.non_field_errors).toEqual([
        'Your company signs in through its own account: use "Sign in with your company account".',
      ]);
      const admin = await t.call('POST', '/api/authtoken/', undefined, { username: 'admin@demo.local', password: 'demo1234' });
      expect(admin.statusCode).toBe(200);
      // Another company's users are not concerned.
      const other = await t.call('POST', '/api/authtoken/', undefined, { username: foreign.email, password: 'demo1234' });
      expect(other.statusCode).toBe(200);
      // A wrong password still says only that.
      const wrong = await t.call('POST', '/api/authtoken/', undefined, { username: 'viewer@demo.local', password: 'nope-nope' });
      expect(wrong.json().code).toBe('auth.bad_credentials');
      await configure({ sso_only: false });
      const after = await t.call('POST', '/api/authtoken/', undefined, { username: 'viewer@demo.local', password: 'demo1234' });
      expect(after.statusCode).toBe(200);
      expect(
        await t.database.db
          .select()
          .from(users)
          .where(and(eq(users.email, 'viewer@demo.local'), eq(users.isActive, true))),
      ).toHaveLength(1);
    });
  });
});
