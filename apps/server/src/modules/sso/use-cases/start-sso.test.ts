import { ChallengeKind } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import { expectStatus } from '../../admin/use-cases/use-case-fixtures.js';
import type { AuthorizationRequest } from '../sso.provider.js';
import { sha256 } from '../sso.rules.js';
import { CONFIG, fakeSsoRepo } from './sso-fixtures.js';
import { startSso } from './start-sso.js';

const NOW = new Date('2026-06-01T10:00:00Z');
const REDIRECT = 'https://rfid.example/api/sso/callback/';

const setup = (fails = false) => {
  const fake = fakeSsoRepo();
  const asked: AuthorizationRequest[] = [];
  const client = {
    randomVerifier: () => 'verifier-1',
    authorizationUrl: async (_: unknown, request: AuthorizationRequest) => {
      asked.push(request);
      if (fails) throw new Error('discovery failed');
      return `https://idp.example.com/auth?state=${request.state}`;
    },
  };
  return { ...fake, asked, deps: { repo: fake.repo, client, now: () => NOW } };
};

describe('start SSO (use case)', () => {
  it("keeps the request 10 minutes under its state's SHA-256, and drops expired ones", async () => {
    const s = setup();
    const old = {
      tokenHash: 'old',
      kind: ChallengeKind.Oidc,
      companyId: 1,
      userId: null,
      data: {},
      expiresAt: new Date(NOW.getTime() - 1),
    };
    s.challenges.set('old', old);
    const { url } = await startSso(s.deps, { email: 'Marta@Example.com' }, REDIRECT);
    const [request] = s.asked;
    expect(url).toBe(`https://idp.example.com/auth?state=${request?.state}`);
    expect(request).toMatchObject({ redirectUri: REDIRECT, codeVerifier: 'verifier-1', loginHint: 'Marta@Example.com' });
    expect(request?.state).not.toBe(request?.nonce);
    expect([...s.challenges.values()]).toEqual([
      {
        tokenHash: sha256(request?.state ?? ''),
        kind: ChallengeKind.Oidc,
        companyId: CONFIG.companyId,
        userId: null,
        data: { nonce: request?.nonce, codeVerifier: 'verifier-1', redirectUri: REDIRECT, issuer: CONFIG.issuer },
        expiresAt: new Date(NOW.getTime() + 10 * 60_000),
      },
    ]);
  });

  it('an unknown domain is a 404; an unreachable provider a 503; neither keeps anything', async () => {
    const s = setup();
    await expectStatus(startSso(s.deps, { email: 'a@other.org' }, REDIRECT), 404);
    const f = setup(true);
    await expectStatus(startSso(f.deps, { email: 'a@example.com' }, REDIRECT), 503);
    expect([...s.challenges.values(), ...f.challenges.values()]).toEqual([]);
  });
});
