import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as adminTest from '../../test/admin-fixtures.js';
import type { TestApp } from '../../test/helpers.js';

/** Deactivating and reactivating users (issue 29): sessions end, sign-in and API keys refused, then allowed again. */
describe('user deactivation API', () => {
  let t: TestApp;
  let foreign: adminTest.ForeignCompany;
  let call: adminTest.CallAs;
  const sessionOf = async (email: string) => `Token ${(await t.signIn(email)).json().token as string}`;
  const userId = async (email: string): Promise<number> =>
    (await call('GET', `/api/locationusers/?user__email__exact=${email}`, 'admin@demo.local')).json().results[0].id;
  const works = async (authorization: string) => (await t.call('GET', '/api/locations/', authorization)).statusCode;

  beforeAll(async () => {
    ({ t, foreign, call } = await adminTest.openAdminTest());
  });
  afterAll(async () => t.close());

  it('refuses oneself (400), a lower role (403), an API key (403), a higher role and a foreign company’s user (404); nothing changes', async () => {
    const brandId = await userId('brand@demo.local');
    const self = await call('POST', `/api/locationusers/${brandId}/deactivate/`, 'brand@demo.local');
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe('admin.cannot_deactivate_self');
    const viewerId = await userId('viewer@demo.local');
    const admin = await t.login('admin@demo.local');
    const key = (await t.call('POST', '/api/api_keys/', admin, { name: 'w', access: 'write' })).json().key as string;
    const viewer = await sessionOf('viewer@demo.local');
    await adminTest.expectRefusals(call, [
      [403, 'POST', `/api/locationusers/${viewerId}/deactivate/`, 'editor@demo.local'],
      [403, 'POST', `/api/locationusers/${viewerId}/reactivate/`, 'viewer@demo.local'],
      [404, 'POST', `/api/locationusers/${foreign.userId}/deactivate/`, 'admin@demo.local'],
      [404, 'POST', `/api/locationusers/${foreign.userId}/reactivate/`, 'admin@demo.local'],
    ]);
    expect((await t.call('POST', `/api/locationusers/${viewerId}/deactivate/`, `Bearer ${key}`)).statusCode).toBe(403);
    const adminId = Number((await t.call('GET', '/api/identity/', admin)).json().id);
    expect((await call('POST', `/api/locationusers/${adminId}/deactivate/`, 'brand@demo.local')).statusCode).toBe(404);
    const bad = await call('POST', '/api/locationusers/abc/deactivate/', 'admin@demo.local');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('id');
    // Nothing changed: every one of them still signs in and the viewer's session works.
    expect(await works(viewer)).toBe(200);
    for (const email of ['viewer@demo.local', 'brand@demo.local', 'admin@demo.local']) {
      expect((await t.signIn(email)).statusCode, email).toBe(200);
    }
    const foreignSignIn = await t.signIn(foreign.email);
    expect(foreignSignIn.statusCode).toBe(200);
  });

  it('deactivates: sessions end at once, sign-in refused, listed as deactivated; reactivation lets the user in again', async () => {
    const id = await userId('printer@demo.local');
    const session = await sessionOf('printer@demo.local');
    expect(await works(session)).toBe(200);
    const answer = await call('POST', `/api/locationusers/${id}/deactivate/`, 'admin@demo.local');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ id, is_active: false });
    expect(Date.now() - Date.parse(answer.json().deactivated_at)).toBeLessThan(60_000);
    expect(await works(session)).toBe(401);
    expect((await t.signIn('printer@demo.local')).statusCode).toBe(400);
    const inactive = (await call('GET', '/api/locationusers/?is_active=false', 'admin@demo.local')).json();
    expect(inactive.results.map((u: { email: string }) => u.email)).toContain('printer@demo.local');
    const active = (await call('GET', '/api/locationusers/?is_active=true', 'admin@demo.local')).json();
    expect(active.results.map((u: { email: string }) => u.email)).not.toContain('printer@demo.local');

    const back = await call('POST', `/api/locationusers/${id}/reactivate/`, 'admin@demo.local');
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ is_active: true, deactivated_at: null });
    expect((await t.signIn('printer@demo.local')).statusCode).toBe(200);
    // The old session stays ended.
    expect(await works(session)).toBe(401);
  });

  it('a deactivated creator’s API keys are refused, and work again after the reactivation', async () => {
    const brand = await t.login('brand@demo.local');
    const made = await t.call('POST', '/api/api_keys/', brand, { name: 'brand key', access: 'read' });
    expect(made.statusCode).toBe(201);
    const key = `Bearer ${made.json().key as string}`;
    expect(await works(key)).toBe(200);
    const id = await userId('brand@demo.local');
    expect((await call('POST', `/api/locationusers/${id}/deactivate/`, 'admin@demo.local')).statusCode).toBe(200);
    expect(await works(key)).toBe(401);
    expect((await call('POST', `/api/locationusers/${id}/reactivate/`, 'admin@demo.local')).statusCode).toBe(200);
    expect(await works(key)).toBe(200);
  });
});
