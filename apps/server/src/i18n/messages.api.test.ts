import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as adminTest from '../test/admin-fixtures.js';
import { buildTestApp, type HttpMethod, multipartForm, type TestApp } from '../test/helpers.js';
import type { Language } from './messages.js';

/** Issue 16: the server's messages in the request's language (Accept-Language), with a stable code. */
describe('server messages in the user language', () => {
  let t: TestApp;
  let foreign: adminTest.ForeignCompany;
  let tMad: number;
  let formatId: number;
  const send = async (language: Language | null, method: HttpMethod, url: string, who: string | null, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...(language ? { 'accept-language': language === 'es' ? 'es-ES,es;q=0.9,en;q=0.8' : 'en-GB,en;q=0.9' } : {}),
        ...(who ? { authorization: await t.login(who) } : {}),
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    ({ t, foreign } = await adminTest.openAdminTest());
    tMad = await adminTest.locationIdByCode(t.database.db, 'T-MAD-01');
    const formats = (await send('en', 'GET', '/api/printer/tag_company_format/', 'admin@demo.local')).json().results;
    formatId = formats[0].id;
  });
  afterAll(async () => t.close());

  it('login refused', async () => {
    const payload = { username: 'admin@demo.local', password: 'wrong-password' };
    const es = await send('es', 'POST', '/api/authtoken/', null, payload);
    expect(es.statusCode).toBe(400);
    expect(es.headers['content-language']).toBe('es');
    expect(es.json()).toEqual({
      message: 'No se puede iniciar sesión con las credenciales proporcionadas.',
      code: 'auth.bad_credentials',
      errors: { non_field_errors: ['No se puede iniciar sesión con las credenciales proporcionadas.'] },
      codes: { non_field_errors: ['auth.bad_credentials'] },
    });
    const en = await send('en', 'POST', '/api/authtoken/', null, payload);
    expect(en.json()).toMatchObject({ message: 'Unable to log in with provided credentials.', code: 'auth.bad_credentials' });
  });

  it('duplicate user email', async () => {
    const user = {
      first_name: 'Lucía',
      last_name: 'Tiendas',
      email: 'viewer@demo.local',
      password: 'tienda-de-lucía',
      editor: true,
      locations: [tMad],
    };
    const es = await send('es', 'POST', '/api/locationusers/', 'admin@demo.local', user);
    expect(es.statusCode).toBe(409);
    expect(es.json()).toMatchObject({
      message: 'Ya existe un usuario con este correo electrónico.',
      code: 'admin.email_taken',
      errors: { email: ['Ya existe un usuario con este correo electrónico.'] },
      codes: { email: ['admin.email_taken'] },
    });
    const en = await send('en', 'POST', '/api/locationusers/', 'admin@demo.local', user);
    expect(en.json()).toMatchObject({ message: 'A user with this email already exists.', code: 'admin.email_taken' });
  });

  it('a GTIN CSV line error', async () => {
    const upload = async (language: Language) => {
      const form = multipartForm([
        { name: 'tag_company_format', value: String(formatId) },
        { name: 'file', filename: 'a.csv', content: 'foo;1\n' },
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/printer/print_orders/create_by_csv/',
        payload: form.payload,
        headers: { ...form.headers, authorization: await t.login('printer@demo.local'), 'accept-language': language },
      });
    };
    const es = await upload('es');
    expect(es.statusCode).toBe(400);
    expect(es.json()).toMatchObject({
      message: "Línea 1: 'foo' no es un GTIN.",
      code: 'print.csv_not_gtin',
      params: { line: '1', value: 'foo' },
      errors: { file: ["Línea 1: 'foo' no es un GTIN."] },
      codes: { file: ['print.csv_not_gtin'] },
    });
    expect((await upload('en')).json()).toMatchObject({ message: "Line 1: 'foo' is not a GTIN.", code: 'print.csv_not_gtin' });
  });

  it('a validation error from Zod: the contract message and Zod’s own', async () => {
    const es = await send('es', 'POST', '/api/locationusers/', 'admin@demo.local', { first_name: 'A' });
    expect(es.statusCode).toBe(400);
    const body = es.json();
    expect(body.errors.email).toEqual(['Introduzca el correo electrónico']);
    expect(body.codes.email).toEqual(['field.email_required']);
    expect(body.code).toBe(body.codes[Object.keys(body.codes)[0] as string][0]);
    const en = (await send('en', 'POST', '/api/locationusers/', 'admin@demo.local', { first_name: 'A' })).json();
    expect(en.errors.email).toEqual(['Please enter the email']);
    // Zod's default message (no custom text in the contract): Zod's locale.
    const zodEs = await send('es', 'GET', '/api/locationusers/?limit=abc', 'admin@demo.local');
    expect(zodEs.statusCode).toBe(400);
    const zodBody = zodEs.json();
    expect(zodBody.code).toMatch(/^(zod\.|common\.|field\.)/);
    const zodEn = (await send('en', 'GET', '/api/locationusers/?limit=abc', 'admin@demo.local')).json();
    expect(zodBody.code).toBe(zodEn.code);
    expect(zodBody.message).not.toBe(zodEn.message);
  });

  it('not found and forbidden', async () => {
    const missing = await send('es', 'GET', '/api/locationusers/999999/', 'admin@demo.local');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Usuario no encontrado.', code: 'admin.user_not_found' });
    const foreignLocation = await send('en', 'GET', `/api/locations/${foreign.locationId}/`, 'admin@demo.local');
    expect(foreignLocation.json()).toEqual({ message: 'Location not found.', code: 'location.not_found' });
    const refused = await send('es', 'GET', '/api/locationusers/', 'viewer@demo.local');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'No tiene permiso para realizar esta acción.', code: 'common.forbidden' });
    const unknownPath = await send('es', 'GET', '/api/no-such-path/', null);
    expect(unknownPath.json()).toEqual({ message: 'No encontrado.', code: 'common.not_found' });
    const unauthenticated = await send('en', 'GET', '/api/locationusers/', null);
    expect(unauthenticated.json()).toEqual({
      message: 'Authentication credentials were not provided.',
      code: 'auth.no_credentials',
    });
  });

  it('answers in Spanish (the product default, DEFAULT_LANGUAGE) a request without Accept-Language', async () => {
    const spanish = await buildTestApp({ options: { defaultLanguage: 'es' } });
    try {
      const r = await spanish.signIn('admin@demo.local', 'wrong-password');
      expect(r.json().message).toBe('No se puede iniciar sesión con las credenciales proporcionadas.');
      const english = await spanish.signIn('admin@demo.local', 'wrong-password', { headers: { 'accept-language': 'en' } });
      expect(english.json().message).toBe('Unable to log in with provided credentials.');
    } finally {
      await spanish.close();
    }
  });
});
