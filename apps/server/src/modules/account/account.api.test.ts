import { sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

/** The code an authenticator app shows for the secret, `offsetSteps` steps from now (the test's own TOTP, from otpauth). */
const codeOf = (secret: string, offsetSteps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

describe('second factor and password rules (issue 29)', () => {
  let t: TestApp;
  let admin: string;
  let secret = '';
  let recovery: string[] = [];
  // Each user's known-client token, kept and sent as the web does: the wrong codes of these tests count as failed
  // sign-ins, and a known client is never slowed down by them.
  const clientTokens = new Map<string, string>();
  const signIn = async (username: string, password: string) => {
    const clientToken = clientTokens.get(username);
    const r = await t.signIn(username, password, clientToken ? { body: { client_token: clientToken } } : {});
    if (r.json().client_token) clientTokens.set(username, r.json().client_token);
    return r;
  };
  const mfa = async (payload: Record<string, string>, username = 'admin@demo.local') => {
    const r = await t.app.inject({ method: 'POST', url: '/api/authtoken/mfa/', payload });
    if (r.statusCode === 200) clientTokens.set(username, r.json().client_token);
    return r;
  };
  /** Forgets the last accepted step (as if the next 30 seconds had come), so that the test may use another code. */
  const nextStep = () => t.database.db.execute(sql`delete from login_challenges where kind = 'totp_step'`);

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.login('admin@demo.local');
  });
  afterAll(async () => t?.close());

  it('enrols: a secret with its URI and QR code, a wrong code refused, the right one gives 10 recovery codes', async () => {
    expect((await t.call('GET', '/api/account/totp/', admin)).json()).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
      required: false,
    });
    const start = await t.call('POST', '/api/account/totp/', admin);
    expect(start.statusCode).toBe(200);
    secret = start.json().secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(start.json().otpauth_uri).toBe(
      `otpauth://totp/RFID%20Stock:admin%40demo.local?issuer=RFID%20Stock&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(start.json().qr_svg).toMatch(/^<svg/);
    const wrong = await t.call('POST', '/api/account/totp/confirm/', admin, {
      code: '000000' === codeOf(secret) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().codes.code).toEqual(['auth.mfa_bad_code']);
    expect((await t.call('POST', '/api/account/totp/confirm/', admin, { code: 'abc' })).statusCode).toBe(400);
    const confirm = await t.call('POST', '/api/account/totp/confirm/', admin, { code: codeOf(secret) });
    expect(confirm.statusCode).toBe(200);
    recovery = confirm.json().recovery_codes;
    expect(recovery).toHaveLength(10);
    expect((await t.call('GET', '/api/account/totp/', admin)).json()).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    // On already: a new enrolment is a 409 and the secret stays.
    expect((await t.call('POST', '/api/account/totp/', admin)).statusCode).toBe(409);
  });

  it('signs in with password and code; a wrong code is refused; a used code is not taken twice', async () => {
    const first = await signIn('admin@demo.local', 'demo1234');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    expect(first.json().token).toBeUndefined();
    const token = first.json().mfa_token;
    expect((await mfa({ mfa_token: token, code: '12345' })).statusCode).toBe(400);
    const code = codeOf(secret, 1);
    const wrongCode = code === '000000' ? '000001' : '000000';
    expect((await mfa({ mfa_token: token, code: wrongCode })).json().code).toBe('auth.mfa_bad_code');
    const ok = await mfa({ mfa_token: token, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toMatch(/^[0-9a-f]{40}$/);
    expect((await t.call('GET', '/api/identity/', `Token ${ok.json().token}`)).statusCode).toBe(200);
    // The challenge is gone once used.
    expect((await mfa({ mfa_token: token, code })).json().code).toBe('auth.mfa_expired');
    // The same code on a new challenge: refused (replay).
    const again = (await signIn('admin@demo.local', 'demo1234')).json().mfa_token;
    expect((await mfa({ mfa_token: again, code })).json().code).toBe('auth.mfa_bad_code');
  });

  it('takes a recovery code once; a challenge takes at most 5 tries', async () => {
    const [code = ''] = recovery;
    const one = (await signIn('admin@demo.local', 'demo1234')).json().mfa_token;
    expect((await mfa({ mfa_token: one, recovery_code: code.toUpperCase() })).statusCode).toBe(200);
    const two = (await signIn('admin@demo.local', 'demo1234')).json().mfa_token;
    expect((await mfa({ mfa_token: two, recovery_code: code })).json().code).toBe('auth.mfa_bad_code');
    expect((await t.call('GET', '/api/account/totp/', admin)).json().recovery_codes_left).toBe(9);

    const three = (await signIn('admin@demo.local', 'demo1234')).json().mfa_token;
    for (let i = 0; i < 4; i++) expect((await mfa({ mfa_token: three, recovery_code: `nope${i}` })).statusCode).toBe(400);
    // The 5th try fails too; the 6th, even right, finds the challenge used up.
    expect((await mfa({ mfa_token: three, recovery_code: 'nope5' })).statusCode).toBe(400);
    expect((await mfa({ mfa_token: three, recovery_code: recovery[1] ?? '' })).json().code).toBe('auth.mfa_expired');
  });

  it('regenerates the recovery codes: the old ones stop working', async () => {
    const fresh = await t.call('POST', '/api/account/totp/recovery-codes/', admin);
    expect(fresh.statusCode).toBe(200);
    const token = (await signIn('admin@demo.local', 'demo1234')).json().mfa_token;
    expect((await mfa({ mfa_token: token, recovery_code: recovery[2] ?? '' })).statusCode).toBe(400);
    expect((await mfa({ mfa_token: token, recovery_code: fresh.json().recovery_codes[0] })).statusCode).toBe(200);
    recovery = fresh.json().recovery_codes.slice(1);
  });

  it('refuses a new password that is common or the e-mail; takes a long passphrase (user create)', async () => {
    const company = (await t.call('GET', '/api/identity/', admin)).json().company.id;
    const body = { first_name: 'Segunda', last_name: 'Admin', email: 'second.admin@demo.local', company };
    const common = await t.call('POST', '/api/companyusers/', admin, { ...body, password: 'demo1234' });
    expect(common.statusCode).toBe(400);
    expect(common.json().errors.password).toEqual([
      'This password is among the most common ones (or one of them with digits added): choose another.',
    ]);
    const email = await t.call('POST', '/api/companyusers/', admin, { ...body, password: 'second.admin@demo.local' });
    expect(email.json().codes.password).toEqual(['auth.password_email']);
    const short = await t.call('POST', '/api/companyusers/', admin, { ...body, password: 'short' });
    expect(short.json().errors.password).toEqual([
      'The password must have 8 to 128 characters (any characters, spaces included).',
    ]);
    const long = await t.call('POST', '/api/companyusers/', admin, { ...body, password: 'x'.repeat(129) });
    expect(long.statusCode).toBe(400);
    // Nothing was made by the refused calls.
    expect((await signIn('second.admin@demo.local', 'demo1234')).statusCode).toBe(400);
    const made = await t.call('POST', '/api/companyusers/', admin, { ...body, password: 'tres tristes tigres' });
    expect(made.statusCode).toBe(201);
  });

  it('company rule: only role 1 changes it; then a role-1 user without a second factor must enrol before any session', async () => {
    const brand = await t.login('brand@demo.local');
    const refused = await t.call('PUT', '/api/company/security/', brand, { mfa_required_admins: true });
    expect(refused.statusCode).toBe(403);
    expect((await t.call('GET', '/api/company/security/', brand)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/company/security/', admin)).json()).toEqual({ mfa_required_admins: false });
    expect((await t.call('PUT', '/api/company/security/', admin, { mfa_required_admins: 'yes' })).statusCode).toBe(400);
    const on = await t.call('PUT', '/api/company/security/', admin, { mfa_required_admins: true });
    expect(on.json()).toEqual({ mfa_required_admins: true });

    // Role 2 is not asked for one.
    expect((await signIn('brand@demo.local', 'demo1234')).json().token).toBeDefined();
    // The new role-1 user: no session, an enrolment first.
    const first = await signIn('second.admin@demo.local', 'tres tristes tigres');
    expect(first.json()).toEqual({ mfa_enrol_required: true, mfa_token: expect.any(String) });
    const token = first.json().mfa_token;
    // The enrolment challenge is no second-factor step.
    expect((await mfa({ mfa_token: token, code: '123456' })).json().code).toBe('auth.mfa_expired');
    const enrol = await t.app.inject({ method: 'POST', url: '/api/authtoken/mfa/enrol/', payload: { mfa_token: token } });
    expect(enrol.statusCode).toBe(200);
    const newSecret = enrol.json().secret;
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/authtoken/mfa/enrol/confirm/',
      payload: { mfa_token: token, code: codeOf(newSecret) },
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().recovery_codes).toHaveLength(10);
    const session = `Token ${confirm.json().token}`;
    expect((await t.call('GET', '/api/identity/', session)).json().email).toBe('second.admin@demo.local');
    // Required: it cannot be turned off.
    const off = await t.call('DELETE', '/api/account/totp/', session, { password: 'tres tristes tigres' });
    expect(off.statusCode).toBe(409);
    expect((await t.call('GET', '/api/account/totp/', session)).json()).toMatchObject({ enabled: true, required: true });
    await t.call('PUT', '/api/company/security/', admin, { mfa_required_admins: false });
  });

  it('turns the second factor off with the password or a code, not with a wrong one', async () => {
    const wrong = await t.call('DELETE', '/api/account/totp/', admin, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect((await t.call('GET', '/api/account/totp/', admin)).json().enabled).toBe(true);
    await nextStep();
    expect((await t.call('DELETE', '/api/account/totp/', admin, { code: codeOf(secret) })).statusCode).toBe(204);
    expect((await t.call('GET', '/api/account/totp/', admin)).json().enabled).toBe(false);
    expect((await signIn('admin@demo.local', 'demo1234')).json().token).toMatch(/^[0-9a-f]{40}$/);
    expect((await t.call('DELETE', '/api/account/totp/', admin, { password: 'demo1234' })).statusCode).toBe(409);
  });
});
