import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as adminTest from '../../test/admin-fixtures.js';
import { en, type TestApp } from '../../test/helpers.js';
import { EMAIL_TAKEN, mayGiveRole, ROLE_ABOVE_OWN, roleFor } from './users.service.js';

describe('users API', () => {
  let t: TestApp;
  let foreign: adminTest.ForeignCompany;
  let tMad: number;
  let tBcn: number;
  let companyId: number;
  let call: adminTest.CallAs;
  const body = (over: Record<string, unknown> = {}) => ({
    first_name: 'Lucía',
    last_name: 'Tiendas',
    email: 'lucia@demo.local',
    password: 'tienda-de-lucía',
    editor: true,
    locations: [tMad, tBcn],
    ...over,
  });

  beforeAll(async () => {
    ({ t, foreign, call } = await adminTest.openAdminTest());
    tMad = await adminTest.locationIdByCode(t.database.db, 'T-MAD-01');
    tBcn = await adminTest.locationIdByCode(t.database.db, 'T-BCN-01');
    companyId = (await call('GET', '/api/identity/', 'admin@demo.local')).json().company.id;
  });
  afterAll(async () => t.close());

  it('adds an editor limited to two stores, who then sees only those two', async () => {
    const r = await call('POST', '/api/locationusers/', 'brand@demo.local', body({ email: 'Lucia@Demo.local' }));
    expect(r.statusCode).toBe(201);
    const user = r.json();
    expect(user).toMatchObject({ email: 'lucia@demo.local', editor: true, user_role: 3 });
    expect(user.locations.sort()).toEqual([tMad, tBcn].sort());
    expect(user.locations_detail).toHaveLength(2);
    const auth = await t.login('lucia@demo.local', 'tienda-de-lucía');
    const seen = (await t.app.inject({ url: '/api/locations/', headers: { authorization: auth } })).json();
    expect(seen.results.map((l: { id: number }) => l.id).sort()).toEqual([tMad, tBcn].sort());
  });

  it('lists location users with search across names and email, and the spec filters', async () => {
    const all = (await call('GET', '/api/locationusers/', 'admin@demo.local')).json();
    expect(all.results.length).toBeLessThanOrEqual(11);
    expect(all.results.every((u: { user_role: number }) => u.user_role >= 2)).toBe(true);
    const search = (await call('GET', '/api/locationusers/?search=VISUAL', 'admin@demo.local')).json();
    expect(search.results.map((u: { email: string }) => u.email)).toEqual(['viewer@demo.local']);
    const byEmail = (await call('GET', '/api/locationusers/?user__email__icontains=editor@', 'admin@demo.local')).json();
    expect(byEmail.results.map((u: { email: string }) => u.email)).toEqual(['editor@demo.local']);
    const byName = (
      await call('GET', '/api/locationusers/?user__first_name__icontains=pab&user__last_name__icontains=impr', 'admin@demo.local')
    ).json();
    expect(byName.count).toBe(1);
    expect(byName.results[0].locations).toHaveLength(2);
    expect(all.results.some((u: { email: string }) => u.email === foreign.email)).toBe(false);
  });

  it("answers the spec's messages and the password rule", async () => {
    await adminTest.expectFieldErrors(call('POST', '/api/locationusers/', 'admin@demo.local', {}), {
      first_name: ['Please enter the first name'],
      last_name: ['Please enter the last name'],
      email: ['Please enter the email'],
      password: ['Please enter the password'],
      editor: ['Please select Editor option'],
      locations: ['Please select the distribution center'],
    });
    const empty = await call('POST', '/api/locationusers/', 'admin@demo.local', body({ locations: [] }));
    expect(empty.json().errors.locations).toEqual(['Please select the distribution center']);
    // ASVS 5.0 rules (issue 29): 8 to 128 characters, no common password, not the e-mail; no composition rule.
    const weakUser = (password: string) =>
      call('POST', '/api/locationusers/', 'admin@demo.local', body({ email: 'weak@demo.local', password }));
    const short = await weakUser('abcdefg');
    expect(short.json().errors.password).toEqual([
      'The password must have 8 to 128 characters (any characters, spaces included).',
    ]);
    const common = await weakUser('demo1234');
    expect(common.json().codes.password).toEqual(['auth.password_common']);
    const email = await weakUser('WEAK@demo.local');
    expect(email.json().codes.password).toEqual(['auth.password_email']);
    expect((await call('GET', '/api/locationusers/?search=weak', 'admin@demo.local')).json().count).toBe(0);
    const badEmail = await call('POST', '/api/locationusers/', 'admin@demo.local', body({ email: 'not-an-email' }));
    expect(badEmail.json().errors.email).toEqual(['Enter a valid email address.']);
    const dup = await call('POST', '/api/locationusers/', 'admin@demo.local', body({ email: 'viewer@demo.local' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(en(EMAIL_TAKEN));
  });

  it('refuses a role above the creator, foreign locations and roles above 2', async () => {
    const above = await call('POST', '/api/locationusers/', 'brand@demo.local', body({ email: 'x1@demo.local', user_role: 1 }));
    expect(above.statusCode).toBe(403);
    expect(above.json().message).toBe(en(ROLE_ABOVE_OWN));
    const admin = (await call('GET', '/api/identity/', 'admin@demo.local')).json();
    await adminTest.expectRefusals(call, [
      [
        404,
        'POST',
        '/api/locationusers/',
        'admin@demo.local',
        body({ email: 'x2@demo.local', locations: [tMad, foreign.locationId] }),
      ],
      ...['editor', 'printer', 'viewer'].flatMap((u): adminTest.Refusal[] => [
        [403, 'POST', '/api/locationusers/', `${u}@demo.local`, body({ email: 'x3@demo.local' })],
        [403, 'GET', '/api/locationusers/', `${u}@demo.local`],
      ]),
      [404, 'GET', `/api/locationusers/${foreign.userId}/`, 'admin@demo.local'],
      [404, 'PUT', `/api/locationusers/${foreign.userId}/`, 'admin@demo.local', body({ email: 'x4@demo.local' })],
      [404, 'DELETE', `/api/locationusers/${foreign.userId}/`, 'admin@demo.local'],
      [404, 'GET', `/api/locationusers/${admin.id}/`, 'brand@demo.local'],
    ]);
  });

  it('edits a user (keeping the password when empty), turns it into a visualizer, then deletes it', async () => {
    const created = (
      await call('POST', '/api/locationusers/', 'admin@demo.local', body({ email: 'marta@demo.local', editor: false }))
    ).json();
    expect(created.user_role).toBe(5);
    const r = await call(
      'PUT',
      `/api/locationusers/${created.id}/`,
      'admin@demo.local',
      body({ email: 'marta@demo.local', password: '', editor: true, locations: [tMad], first_name: 'Marta' }),
    );
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ first_name: 'Marta', editor: true, user_role: 3, locations: [tMad] });
    expect(await t.login('marta@demo.local', 'tienda-de-lucía')).toMatch(/^Token /);
    const taken = await call(
      'PUT',
      `/api/locationusers/${created.id}/`,
      'admin@demo.local',
      body({ email: 'viewer@demo.local' }),
    );
    expect(taken.statusCode).toBe(409);
    expect((await call('DELETE', `/api/locationusers/${created.id}/`, 'viewer@demo.local')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/locationusers/${created.id}/`, 'admin@demo.local')).statusCode).toBe(204);
    expect((await call('GET', `/api/locationusers/${created.id}/`, 'admin@demo.local')).statusCode).toBe(404);
  });

  it('adds a company user (role 1 only, own company only)', async () => {
    const cu = {
      first_name: 'Carlos',
      last_name: 'Empresa',
      email: 'carlos@demo.local',
      password: 'empresa-de-moda-2026',
      company: companyId,
    };
    const r = await call('POST', '/api/companyusers/', 'admin@demo.local', cu);
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ email: 'carlos@demo.local', company: companyId, user_role: 1 });
    const missing = await call('POST', '/api/companyusers/', 'admin@demo.local', {
      ...cu,
      company: undefined,
      email: 'c2@demo.local',
    });
    expect(missing.json().errors).toEqual({ company: ['Please select a company for the user'] });
    expect(
      (
        await call('POST', '/api/companyusers/', 'admin@demo.local', {
          ...cu,
          email: 'c3@demo.local',
          company: foreign.companyId,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('POST', '/api/companyusers/', 'brand@demo.local', { ...cu, email: 'c4@demo.local' })).statusCode).toBe(
      403,
    );
    expect((await call('POST', '/api/companyusers/', 'viewer@demo.local', { ...cu, email: 'c5@demo.local' })).statusCode).toBe(
      403,
    );
  });

  it('derives roles and never lets a creator give a higher one', () => {
    expect(roleFor({ editor: true })).toBe(3);
    expect(roleFor({ editor: false })).toBe(5);
    expect(roleFor({ editor: false, user_role: 4 })).toBe(4);
    expect(mayGiveRole(2, 1)).toBe(false);
    expect(mayGiveRole(2, 2)).toBe(true);
    expect(mayGiveRole(1, 5)).toBe(true);
  });
});
