import { ssoConfigBodySchema } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { getSsoConfig } from './get-sso-config.js';
import { saveSsoConfig } from './save-sso-config.js';
import { CONFIG, fakeSsoRepo } from './sso-fixtures.js';

const body = (over: Record<string, unknown> = {}) =>
  ssoConfigBodySchema.parse({
    enabled: true,
    issuer: 'https://idp.example.com',
    client_id: 'rfid',
    client_secret: '',
    domains: ['Example.com'],
    role_map: { editors: 3 },
    default_role: null,
    location_map: { madrid: ['T-MAD-01', 'T-MAD-01'] },
    jit_users: true,
    sso_only: false,
    ...over,
  });
const REDIRECT = 'https://rfid.example/api/sso/callback/';

describe('SSO configuration (use cases)', () => {
  it('reads without the secret', async () => {
    const { repo } = fakeSsoRepo();
    const dto = await getSsoConfig(repo, testUser(), REDIRECT);
    expect(dto).toMatchObject({ configured: true, has_client_secret: true, redirect_uri: REDIRECT });
    expect(JSON.stringify(dto)).not.toContain('stored-secret-4711');
    expect(Object.values(dto)).not.toContain(CONFIG.clientSecret);
  });

  it('keeps the stored secret when the new one is blank, and replaces it when given', async () => {
    const { repo, saved } = fakeSsoRepo();
    await saveSsoConfig({ repo }, testUser(), body(), REDIRECT);
    await saveSsoConfig({ repo }, testUser(), body({ client_secret: 'new-one' }), REDIRECT);
    expect(saved.map((s) => s.clientSecret)).toEqual(['stored-secret-4711', 'new-one']);
    expect(saved[0]).toMatchObject({
      domains: ['example.com'],
      locationMap: { madrid: ['T-MAD-01'] },
      scopes: 'openid email profile',
    });
  });

  it("refuses another company's domain and unknown location codes (400), saving nothing", async () => {
    const { repo, saved } = fakeSsoRepo();
    await expectStatus(saveSsoConfig({ repo }, testUser({ companyId: 2 }), body({ location_map: {} }), REDIRECT), 400);
    await expectStatus(saveSsoConfig({ repo }, testUser(), body({ location_map: { x: ['X-CD-1'] } }), REDIRECT), 400);
    expect(saved).toEqual([]);
  });

  it('the contract refuses http issuers other than this machine', () => {
    expect(ssoConfigBodySchema.safeParse({ ...body(), issuer: 'http://idp.example.com' }).success).toBe(false);
    expect(ssoConfigBodySchema.safeParse({ ...body(), issuer: 'http://127.0.0.1:4000' }).success).toBe(true);
    expect(ssoConfigBodySchema.safeParse({ ...body(), issuer: 'http://localhost:4000/realms/x' }).success).toBe(true);
  });
});
