import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type AppOptions, buildApp } from '../app.js';
import type { ReaderBus } from '../broker/bus.js';
import { type Database, openDatabase } from '../db/client.js';
import { seedDemo } from '../db/seed/seed.js';
import { type MessageArg, render } from '../i18n/messages.js';
import { createScratchDatabase } from './scratch-db.js';
import { pgliteTemplate, postgresTemplate } from './template-db.js';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  close: () => Promise<void>;
  /** Signs in and returns the `Authorization` header value. */
  login: (email: string, password?: string) => Promise<string>;
  /** POST /api/authtoken/ (password demo1234 unless told): the answer as it is (a token, a second factor's step, a refusal). */
  signIn: (username: string, password?: string, more?: SignInMore) => Promise<LightMyRequestResponse>;
  /** One request with an `Authorization` header value (when given) and a JSON body (when given). */
  call: (method: HttpMethod, url: string, authorization?: string, payload?: unknown) => Promise<LightMyRequestResponse>;
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Expects a CSV answer (200, text/csv) and gives its lines, without the byte-order mark and the last line break. */
export const csvLinesOf = (response: LightMyRequestResponse): string[] => {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('text/csv');
  return response.body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\n');
};

/** What a sign-in sends besides the user name and password: more body fields, headers, the client's address. */
export type SignInMore = { body?: Record<string, string>; headers?: Record<string, string>; remoteAddress?: string };

/**
 * A fresh database per test file: in-memory PGlite by default, or, when TEST_DATABASE_URL
 * points at a PostgreSQL server, a new database on it that is dropped afterwards.
 */
export const buildTestApp = async ({
  seed = true,
  bus,
  options = {},
}: {
  seed?: boolean;
  bus?: ReaderBus;
  /** More options of the app (trustProxy, publicUrl, webDist …). */
  options?: Omit<Partial<AppOptions>, 'database' | 'bus'>;
} = {}): Promise<TestApp> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  let dropDatabase = async () => {};
  const template = seed ? 'seeded' : 'bare';
  let isCloned = false;
  if (serverUrl) {
    const from = await postgresTemplate(serverUrl, template);
    const scratch = await createScratchDatabase(serverUrl, 'rfid_test', from);
    isCloned = from !== undefined;
    database = await openDatabase({ databaseUrl: scratch.url });
    dropDatabase = scratch.drop;
  } else {
    const dump = await pgliteTemplate(template);
    database = await openDatabase({ inMemory: true, ...(dump ? { loadDataDir: dump } : {}) });
    isCloned = dump !== undefined;
  }
  if (!isCloned) {
    await database.migrate();
    if (seed) await seedDemo(database.db);
  }
  // The printer simulators of the tests listen on 127.0.0.1 (PRINTER_ALLOW_LOOPBACK, as in the demo). The tests read the
  // English messages unless a request says otherwise (Accept-Language) or a test asks for the default (Spanish).
  // The event-loop bound of load shedding is off: a test's own work (seeding, checking) runs on the app's event loop, and
  // a request injected right after a long stretch of it would be refused as if it had waited behind other requests.
  // http/load-shedding.api.test.ts turns it on.
  const app = await buildApp({
    printerAllowLoopback: true,
    defaultLanguage: 'en',
    ...options,
    loadShedding: { maxEventLoopDelayMs: 0, ...options.loadShedding },
    database,
    ...(bus ? { bus } : {}),
  });
  await app.ready();
  const tokens = new Map<string, string>();
  const signIn: TestApp['signIn'] = (username, password = 'demo1234', { body, headers, remoteAddress } = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/authtoken/',
      payload: { username, password, ...body },
      ...(headers ? { headers } : {}),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
    },
    async login(email, password = 'demo1234') {
      const cached = tokens.get(email);
      if (cached && password === 'demo1234') return cached;
      const response = await signIn(email, password);
      if (response.statusCode !== 200) throw new Error(`login ${email} failed: ${response.body}`);
      const header = `Token ${response.json().token}`;
      tokens.set(email, header);
      return header;
    },
    signIn,
    call(method, url, authorization, payload) {
      return app.inject({
        method,
        url,
        ...(authorization === undefined ? {} : { headers: { authorization } }),
        // inject's payload type is a union of string, Buffer, object …: a test's body is one of them.
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    },
  };
};

/** One field of a multipart form: a value, or a file (`content`, of `type`: text/csv unless told). */
export type FormPart = { name: string; value?: string; filename?: string; content?: string | Buffer; type?: string };

/** A multipart/form-data body for app.inject, as a browser's FormData sends it. */
export const multipartForm = (parts: FormPart[]) => {
  const boundary = '----rfidtestboundary';
  const chunks = parts.flatMap((part) =>
    part.filename === undefined
      ? [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value ?? ''}\r\n`)]
      : [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'text/csv'}\r\n\r\n`,
          ),
          Buffer.from(part.content ?? ''),
          Buffer.from('\r\n'),
        ],
  );
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/** A message's English text (what the tests' app answers by default: `defaultLanguage: 'en'`). */
export const en = (message: MessageArg): string => render(message, 'en');

/**
 * Two apps on one seeded database, standing for two processes (a cache of one and the notifications that empty it);
 * `close` stops both. `config` is both apps' (e.g. a long AUTH_CACHE_MS, so that only an eviction explains a change).
 */
export const buildTwoProcesses = async (config: NonNullable<AppOptions['config']>) => {
  const t = await buildTestApp({ seed: true, options: { config } });
  const other = await buildApp({ database: t.database, config });
  await other.ready();
  return {
    t,
    other,
    close: async () => {
      await other.close();
      await t.close();
    },
  };
};

/**
 * A request the whole server refused, asked in English and in Spanish: both with `status`, the English one with
 * Retry-After `retryAfter` and the answer `{ message: en, code }`, the Spanish one with the message `es`.
 */
export const expectRefusedInBothLanguages = (
  english: LightMyRequestResponse,
  spanish: LightMyRequestResponse,
  expected: { status: number; retryAfter: string; code: string; en: string; es: string },
) => {
  expect(english.statusCode).toBe(expected.status);
  expect(english.headers['retry-after']).toBe(expected.retryAfter);
  expect(english.json()).toEqual({ message: expected.en, code: expected.code });
  expect(spanish.statusCode).toBe(expected.status);
  expect(spanish.json().message).toBe(expected.es);
};
