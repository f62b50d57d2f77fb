import { ChallengeKind, SessionMethod } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import { expectStatus } from '../../admin/use-cases/use-case-fixtures.js';
import type { SessionStart } from '../../auth/sessions.js';
import { sha256 } from '../sso.rules.js';
import { exchangeSso } from './exchange-sso.js';
import { checkPasswordSignIn } from './password-sign-in.js';
import { CONFIG, fakeSsoRepo } from './sso-fixtures.js';

const NOW = new Date('2026-06-01T10:00:00Z');

const setup = (isActive = true, expiresAt = new Date(NOW.getTime() + 1000)) => {
  const fake = fakeSsoRepo(undefined, [
    { id: 7, companyId: 1, email: 'a@example.com', role: 3, isActive, oidcIssuer: null, oidcSubject: null },
  ]);
  fake.challenges.set(sha256('code-1'), {
    tokenHash: sha256('code-1'),
    kind: ChallengeKind.SsoHandoff,
    companyId: 1,
    userId: 7,
    data: {},
    expiresAt,
  });
  const issued: SessionStart[] = [];
  const deps = {
    repo: fake.repo,
    now: () => NOW,
    issue: async (start: SessionStart) => {
      issued.push(start);
      return { token: 't', expiry: '2026-07-01T10:00:00.000Z' };
    },
  };
  return { deps, issued };
};

describe('exchange SSO code (use case)', () => {
  it('issues an OIDC session once per code', async () => {
    const { deps, issued } = setup();
    expect(await exchangeSso(deps, 'code-1', { ip: '10.0.0.1', userAgent: 'UA' })).toEqual({
      token: 't',
      expiry: '2026-07-01T10:00:00.000Z',
    });
    expect(issued).toEqual([{ userId: 7, method: SessionMethod.Oidc, ip: '10.0.0.1', userAgent: 'UA' }]);
    await expectStatus(exchangeSso(deps, 'code-1', { ip: '', userAgent: '' }), 400);
    expect(issued).toHaveLength(1);
  });

  it('refuses an expired code and an inactive user', async () => {
    const late = setup(true, NOW);
    await expectStatus(exchangeSso(late.deps, 'code-1', { ip: '', userAgent: '' }), 400);
    const off = setup(false);
    await expectStatus(exchangeSso(off.deps, 'code-1', { ip: '', userAgent: '' }), 400);
    expect([...late.issued, ...off.issued]).toEqual([]);
  });
});

describe('password sign-in and SSO only (use case)', () => {
  it('refuses roles 2–5 of an SSO-only company, never role 1, nor anyone when SSO is off', async () => {
    const only = fakeSsoRepo([{ ...CONFIG, ssoOnly: true }]).repo;
    await expectStatus(checkPasswordSignIn(only, { companyId: 1, role: 2 }), 400);
    await expect(checkPasswordSignIn(only, { companyId: 1, role: 1 })).resolves.toBeUndefined();
    await expect(checkPasswordSignIn(only, { companyId: 2, role: 5 })).resolves.toBeUndefined();
    await expect(checkPasswordSignIn(fakeSsoRepo().repo, { companyId: 1, role: 5 })).resolves.toBeUndefined();
  });
});
