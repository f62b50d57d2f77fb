import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

describe('auth API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('gives the admin a token and identity answers role 1', async () => {
    const login = await t.signIn('admin@demo.local');
    expect(login.statusCode).toBe(200);
    const { token } = login.json();
    expect(token).toMatch(/^[0-9a-f]{40}$/);
    const identity = await t.app.inject({ url: '/api/identity/', headers: { authorization: `Token ${token}` } });
    expect(identity.statusCode).toBe(200);
    expect(identity.json()).toMatchObject({ user_role: 1, email: 'admin@demo.local', company: { name: 'Moda Iberia S.L.' } });
  });

  it('answers a wrong password with 400 and a message in the first field', async () => {
    const response = await t.signIn('brand@demo.local', 'nope');
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe('Unable to log in with provided credentials.');
    expect(Object.values(body.errors)[0]).toEqual(['Unable to log in with provided credentials.']);
  });

  it('rejects empty fields with a validation error and makes no token', async () => {
    const response = await t.signIn('', '');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.username).toBeDefined();
  });

  it('needs a token for identity and refuses an unknown one', async () => {
    expect((await t.app.inject({ url: '/api/identity/' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/identity/', headers: { authorization: 'Token deadbeef' } })).statusCode).toBe(401);
  });

  it('logout deletes the token', async () => {
    const header = await t.login('editor@demo.local');
    expect((await t.app.inject({ method: 'POST', url: '/api/logout/', headers: { authorization: header } })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ url: '/api/identity/', headers: { authorization: header } })).statusCode).toBe(401);
  });

  it('slows an account down after 5 wrong tries: 429 with Retry-After, even for the right password from an unknown client', async () => {
    const statuses: number[] = [];
    // From an address of its own: an address's failures are not cleared by the other tests' sign-ins.
    const remoteAddress = '192.0.2.201';
    for (let i = 0; i < 6; i++) {
      const r = await t.signIn('printer@demo.local', `wrong${i}`, { remoteAddress });
      statuses.push(r.statusCode);
    }
    // 5 free failures; the 6th attempt comes before its 2-second wait has passed.
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const right = await t.signIn('printer@demo.local', 'demo1234', { remoteAddress: '192.0.2.202' });
    // The user's own count blocks it from any address.
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(right.json().message).toMatch(/Too many failed login attempts\. Try again in \d+ seconds/);
  });

  it('serves health and the OpenAPI docs without a token', async () => {
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 'ok' });
    const docs = await t.app.inject({ url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toContain('/api/authtoken/');
  });
});
