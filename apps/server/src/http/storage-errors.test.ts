import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteStoppedError } from '../db/pglite-handle.js';
import { buildTestApp, expectRefusedInBothLanguages, type TestApp } from '../test/helpers.js';

/**
 * How the error handler answers the database's storage failures (issue 25, item 4): a full disk (SQLSTATE 53100, from
 * PostgreSQL or from the embedded database refusing writes) is 507 with the reason; an embedded database that stopped
 * for another reason is 503. The health route's query is made to fail as the database would.
 */
describe('answers to a full disk', () => {
  let t: TestApp;
  let failure: unknown;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    const execute = t.database.db.execute.bind(t.database.db);
    // The health route's `select 1` fails with `failure` when one is set (the database's own error, as drizzle wraps it).
    t.database.db.execute = ((query: Parameters<typeof execute>[0]) =>
      failure ? Promise.reject(failure) : execute(query)) as typeof t.database.db.execute;
    // A database failing its calls has not answered lately: the route asks it (it skips asking one that just answered).
    const answeredWithin = t.database.answeredWithin;
    t.database.answeredWithin = (ms) => !failure && answeredWithin(ms);
  });
  afterAll(async () => {
    await t?.close();
  });

  const health = (language: string) => t.app.inject({ url: '/api/health', headers: { 'accept-language': language } });

  it("is 507 with the reason in the request's language when PostgreSQL's disk is full (53100)", async () => {
    failure = Object.assign(new Error('Failed query: insert …'), {
      cause: Object.assign(new Error('could not extend file "base/16384/16397": No space left on device'), { code: '53100' }),
    });
    expectRefusedInBothLanguages(await health('en'), await health('es'), {
      status: 507,
      retryAfter: '60',
      code: 'common.disk_full',
      en: "The server's disk is full; nothing was saved. Free space on the server's disk and try again.",
      es: 'El disco del servidor está lleno; no se ha guardado nada. Libere espacio en el disco del servidor e inténtelo de nuevo.',
    });
  });

  it('is 507 while the embedded database is stopped by a full disk, 503 when stopped for another reason', async () => {
    failure = new PgliteStoppedError(true);
    expect((await health('en')).statusCode).toBe(507);
    failure = new PgliteStoppedError(false);
    const away = await health('en');
    expect(away.statusCode).toBe(503);
    expect(away.json().code).toBe('common.database_unavailable');
  });

  it('answers 200 again once the database does', async () => {
    failure = undefined;
    const ok = await health('en');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'ok', storage: 'ok' });
  });
});
