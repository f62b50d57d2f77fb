import { ChallengeKind } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import type { CallbackCheck } from '../sso.provider.js';
import type { SsoUser } from '../sso.repository.js';
import { sha256 } from '../sso.rules.js';
import { finishSso } from './finish-sso.js';
import { CONFIG, fakeSsoRepo, ssoUser } from './sso-fixtures.js';

const NOW = new Date('2026-06-01T10:00:00Z');
const STATE = 'the-state';

/** A pending request of company 1 (state STATE), and a relying party answering `claims` (or failing). */
const setup = (claims: Record<string, unknown> | Error, people: SsoUser[] = [], config = CONFIG) => {
  const fake = fakeSsoRepo([config], people);
  fake.challenges.set(sha256(STATE), {
    tokenHash: sha256(STATE),
    kind: ChallengeKind.Oidc,
    companyId: 1,
    userId: null,
    data: { nonce: 'n', codeVerifier: 'v', redirectUri: 'https://rfid.example/api/sso/callback/', issuer: CONFIG.issuer },
    expiresAt: new Date(NOW.getTime() + 60_000),
  });
  const checks: CallbackCheck[] = [];
  const client = {
    claims: async (_: unknown, check: CallbackCheck) => {
      checks.push(check);
      if (claims instanceof Error) throw claims;
      return claims;
    },
  };
  const deps = { repo: fake.repo, client, now: () => NOW, unusablePasswordHash: async () => 'unusable' };
  const run = (query = `code=c&state=${STATE}`) => finishSso(deps, new URLSearchParams(query));
  return { ...fake, checks, run };
};

const marta = {
  sub: 's-1',
  email: 'Marta@Example.com',
  given_name: 'Marta',
  family_name: 'Ruiz',
  groups: ['editors', 'viewers', 'both'],
};

describe('finish SSO (use case)', () => {
  it('makes a user just in time with the lowest mapped role number and the mapped locations, and a hand-off code', async () => {
    const s = setup(marta);
    const result = await s.run();
    expect(result).toMatchObject({ ok: true, userId: 501 });
    expect(s.checks[0]).toMatchObject({
      state: STATE,
      nonce: 'n',
      codeVerifier: 'v',
      redirectUri: 'https://rfid.example/api/sso/callback/',
    });
    expect(s.created).toEqual([
      {
        companyId: 1,
        email: 'marta@example.com',
        firstName: 'Marta',
        lastName: 'Ruiz',
        passwordHash: 'unusable',
        oidcIssuer: CONFIG.issuer,
        oidcSubject: 's-1',
      },
    ]);
    expect(s.access).toEqual([{ userId: 501, role: 3, editor: true, locationIds: [3, 2] }]);
    if (!result.ok) throw new Error('refused');
    const handoff = s.challenges.get(sha256(result.code));
    expect(handoff).toMatchObject({ kind: ChallengeKind.SsoHandoff, userId: 501, expiresAt: new Date(NOW.getTime() + 60_000) });
    // The state is gone: a second answer with it is expired.
    expect(await s.run()).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses an unknown, missing or expired state before asking the provider', async () => {
    const s = setup(marta);
    expect(await s.run('code=c&state=other')).toEqual({ ok: false, reason: 'expired' });
    expect(await s.run('code=c')).toEqual({ ok: false, reason: 'expired' });
    const late = setup(marta);
    const deps = { ...late, now: () => new Date(NOW.getTime() + 60_001) };
    const result = await finishSso(
      { repo: deps.repo, client: { claims: async () => marta }, now: deps.now, unusablePasswordHash: async () => 'x' },
      new URLSearchParams(`code=c&state=${STATE}`),
    );
    expect(result).toEqual({ ok: false, reason: 'expired' });
    expect(s.checks).toEqual([]);
  });

  it('says denied for access_denied and provider for other errors or a refused answer', async () => {
    expect(await setup(marta).run(`error=access_denied&state=${STATE}`)).toEqual({ ok: false, reason: 'denied' });
    expect(await setup(marta).run(`error=server_error&state=${STATE}`)).toEqual({ ok: false, reason: 'provider' });
    expect(await setup(new Error('nonce mismatch')).run()).toEqual({ ok: false, reason: 'provider' });
  });

  it('refuses no role (no default), making nothing; a default role lets in', async () => {
    const s = setup({ ...marta, groups: ['sales'] });
    expect(await s.run()).toEqual({ ok: false, reason: 'no_role' });
    expect(s.created).toEqual([]);
    expect(s.access).toEqual([]);
    const d = setup({ ...marta, groups: ['sales'] }, [], { ...CONFIG, defaultRole: 4 });
    expect(await d.run()).toMatchObject({ ok: true });
    expect(d.access[0]).toMatchObject({ role: 4, editor: false, locationIds: [] });
  });

  it('binds the company user with that e-mail; refuses one of another company or bound to another subject', async () => {
    const own = ssoUser();
    const s = setup(marta, [own]);
    expect(await s.run()).toMatchObject({ ok: true, userId: 7 });
    expect(s.bound).toEqual([{ userId: 7, issuer: CONFIG.issuer, subject: 's-1' }]);
    expect(s.created).toEqual([]);
    const foreign = setup(marta, [{ ...own, companyId: 2 }]);
    expect(await foreign.run()).toEqual({ ok: false, reason: 'no_user' });
    const other = setup(marta, [{ ...own, oidcIssuer: CONFIG.issuer, oidcSubject: 's-9' }]);
    expect(await other.run()).toEqual({ ok: false, reason: 'no_user' });
    expect([...foreign.bound, ...other.bound, ...foreign.access, ...other.access]).toEqual([]);
  });

  it('refuses an e-mail outside the domains, an unverified one, and an unknown user without JIT', async () => {
    expect(await setup({ ...marta, email: 'm@elsewhere.org' }).run()).toEqual({ ok: false, reason: 'no_user' });
    expect(await setup({ ...marta, email_verified: false }).run()).toEqual({ ok: false, reason: 'no_user' });
    const noJit = setup(marta, [], { ...CONFIG, jitUsers: false });
    expect(await noJit.run()).toEqual({ ok: false, reason: 'no_user' });
    expect(noJit.created).toEqual([]);
  });

  it('refuses an inactive user (found by subject), and a disabled configuration', async () => {
    const off = ssoUser({
      id: 8,
      email: 'x@example.com',
      role: 5,
      isActive: false,
      oidcIssuer: CONFIG.issuer,
      oidcSubject: 's-1',
    });
    const s = setup(marta, [off]);
    expect(await s.run()).toEqual({ ok: false, reason: 'inactive' });
    expect(s.access).toEqual([]);
    expect(await setup(marta, [], { ...CONFIG, enabled: false }).run()).toEqual({ ok: false, reason: 'disabled' });
  });
});
