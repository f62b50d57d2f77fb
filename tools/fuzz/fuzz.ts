// `npm run fuzz`: schema-driven fuzzing of every operation of the OpenAPI document (issue 13).
//
// Builds the API in-process on a fresh in-memory PGlite database with the demo data (or, with
// FUZZ_DATABASE_URL, a new database on that PostgreSQL server, dropped afterwards), signs in as the
// demo admin, reads /api/docs/json and sends every operation, round-robin, requests of these
// classes: wrong types, out-of-range numbers, NUL bytes, 1 MB strings, odd dates, prototype-named
// keys, truncated multipart, invalid JSON, and no or a bad token. It fails (exit 1) on any 5xx,
// any answer slower than 2 s, and any body with a stack trace or SQL text in it.
//
// FUZZ_REQUESTS (default 3000) bounds the requests; FUZZ_SEED replays a run (the seed is printed);
// FUZZ_ONLY=<substring of the path> fuzzes only the matching operations; FUZZ_VERBOSE=1 prints every request.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../apps/server/src/app.js';
import { type Database, openDatabase } from '../../apps/server/src/db/client.js';
import { seedDemo } from '../../apps/server/src/db/seed/seed.js';
import { createScratchDatabase } from '../../apps/server/src/test/scratch-db.js';
import { type Check, type FuzzRequest, type Operation, planRequests, readOperations } from './mutations.js';

const REQUESTS = Math.max(1, Number(process.env.FUZZ_REQUESTS ?? 3000) || 3000);
const SEED = Number(process.env.FUZZ_SEED ?? randomBytes(4).readUInt32LE(0));
const ONLY = process.env.FUZZ_ONLY;
const VERBOSE = process.env.FUZZ_VERBOSE === '1';
const SLOW_MS = 2_000;
const ADMIN = { username: 'admin@demo.local', password: 'demo1234' };

/** Text that must never reach a client: stack frames, source paths, SQL and PostgreSQL's own words. */
const LEAKS: [string, RegExp][] = [
  ['stack trace', /\n\s+at .+[(:]|\bat (async )?[\w.<>]+ \((file:|\/|node:)/],
  ['source path', /(\/work\/|\/home\/|node_modules\/|\/src\/[\w/-]+\.(ts|js)\b|[\w-]+\.(ts|js):\d+:\d+)/],
  ['SQL text', /\bselect\s+[\w"*(].{0,200}?\bfrom\b|\binsert into\b|\bupdate\s+"?\w+"?\s+set\b|\bdelete from\b/i],
  [
    'database error',
    /syntax error at|\bviolates\b|relation "|\bSQLSTATE\b|duplicate key value|invalid input syntax for|out of range for type|operator does not exist|column "[^"]+" does not exist/i,
  ],
];

type Failure = { index: number; request: FuzzRequest; status: number; ms: number; reason: string; body: string };

const openFuzzDatabase = async (): Promise<{ database: Database; drop: () => Promise<void> }> => {
  const serverUrl = process.env.FUZZ_DATABASE_URL;
  if (!serverUrl) return { database: await openDatabase({ inMemory: true }), drop: async () => {} };
  const scratch = await createScratchDatabase(serverUrl, 'rfid_fuzz');
  return { database: await openDatabase({ databaseUrl: scratch.url }), drop: scratch.drop };
};

const login = async (app: FastifyInstance): Promise<string | null> => {
  const response = await app.inject({ method: 'POST', url: '/api/authtoken/', payload: ADMIN });
  return response.statusCode === 200 ? `Token ${(response.json() as { token: string }).token}` : null;
};

/** What the suite judges of an answer. */
type Answer = { statusCode: number; headers: Record<string, unknown>; body: string };

/** How long an event stream (`text/event-stream`, the live updates) is read: it never ends by itself. */
const STREAM_READ_MS = 1_000;

/**
 * One request, its whole answer read; an event stream is read for STREAM_READ_MS and then dropped, as a client that
 * leaves (awaiting it whole would wait for ever: the run used to stop there, silently, with exit code 0).
 */
const ask = async (app: FastifyInstance, options: InjectOptions): Promise<Answer> => {
  const response = await app.inject({ ...options, payloadAsStream: true });
  const stream = response.stream();
  const chunks: Buffer[] = [];
  const isEventStream = String(response.headers['content-type'] ?? '').startsWith('text/event-stream');
  await new Promise<void>((resolve) => {
    const timer = isEventStream
      ? setTimeout(() => {
          stream.destroy();
          resolve();
        }, STREAM_READ_MS)
      : undefined;
    stream.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)));
    stream.on('end', () => {
      clearTimeout(timer);
      resolve();
    });
    stream.on('error', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return { statusCode: response.statusCode, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') };
};

const isText = (response: Answer): boolean => {
  const type = String(response.headers['content-type'] ?? '');
  return type === '' || /json|text|csv|xml|html/.test(type);
};

/** The strings of a JSON body (keys and values, each on its own), or the whole body when it is not JSON. */
const textsOf = (body: string): string[] => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [body];
  }
  const texts: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') texts.push(value);
    else if (Array.isArray(value)) for (const item of value) walk(item);
    else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        texts.push(key);
        walk(item);
      }
    }
  };
  walk(parsed);
  return texts;
};

/** Why an answer fails the suite, or null. */
const judge = (response: Answer, ms: number, check: Check): string | null => {
  // The device management service answers 503 when no MQTT broker is configured (none is here).
  const nmsUnavailable = response.statusCode === 503 && check.nms === true;
  if (response.statusCode >= 500 && !nmsUnavailable) return `status ${response.statusCode}`;
  if (ms > SLOW_MS) return `answered in ${Math.round(ms)} ms (over ${SLOW_MS} ms)`;
  if (isText(response)) {
    // The request's own text may come back in a field error (an echoed value is not a leak).
    const body = check.echo ? response.body.split(check.echo).join('') : response.body;
    // A JSON answer is judged string by string: "Please select a printer" next to a key named "from" is no SQL.
    for (const text of textsOf(body)) {
      for (const [name, pattern] of LEAKS) if (pattern.test(text)) return `${name} in the body`;
    }
  }
  return null;
};

const main = async () => {
  const started = performance.now();
  console.log(`fuzz: seed ${SEED} (FUZZ_SEED=${SEED} replays), at most ${REQUESTS} requests`);
  const { database, drop } = await openFuzzDatabase();
  let app: FastifyInstance | undefined;
  try {
    await database.migrate();
    await seedDemo(database.db);
    // In one process with its client, the fuzzer's own work (planning, checking answers) is what delays the event loop:
    // the event-loop bound of load shedding is off, as in the API tests (test/helpers.ts); the database bound is on.
    app = await buildApp({ database, loadShedding: { maxEventLoopDelayMs: 0 } });
    await app.ready();
    const docs = await app.inject({ method: 'GET', url: '/api/docs/json' });
    if (docs.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${docs.statusCode}`);
    const operations: Operation[] = readOperations(docs.json()).filter((op) => !ONLY || op.path.includes(ONLY));
    const plan = planRequests(operations, { budget: REQUESTS, seed: SEED });
    let token = await login(app);
    if (!token) throw new Error('the demo admin cannot sign in');

    const byClass = new Map<string, number>();
    const byStatus = new Map<string, number>();
    const covered = new Set<string>();
    const failures: Failure[] = [];
    let nmsUnavailable = 0;
    const slowest: { ms: number; label: string; status: number }[] = [];
    for (const [index, request] of plan.entries()) {
      const headers: Record<string, string> = { ...request.headers };
      if (request.auth === 'admin' && token) headers.authorization = token;
      if (request.auth === 'bad') headers.authorization = 'Token 0000000000000000000000000000000000000000';
      const t0 = performance.now();
      let response: Answer;
      try {
        response = await ask(app, {
          method: request.method,
          url: request.url,
          headers,
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
      } catch (error) {
        failures.push({ index, request, status: 0, ms: 0, reason: `inject threw ${(error as Error).message}`, body: '' });
        continue;
      }
      const ms = performance.now() - t0;
      const label = `${request.method} ${request.url.length > 120 ? `${request.url.slice(0, 120)}…` : request.url}`;
      covered.add(request.operation);
      byClass.set(request.kind, (byClass.get(request.kind) ?? 0) + 1);
      const statusClass = `${Math.floor(response.statusCode / 100)}xx`;
      byStatus.set(statusClass, (byStatus.get(statusClass) ?? 0) + 1);
      slowest.push({ ms, label: `${label} [${request.kind}]`, status: response.statusCode });
      slowest.sort((a, b) => b.ms - a.ms);
      slowest.length = Math.min(slowest.length, 5);
      if (VERBOSE) console.log(`${index} ${response.statusCode} ${Math.round(ms)}ms ${label} [${request.kind}]`);
      if (response.statusCode === 503 && request.check.nms) nmsUnavailable++;
      const reason = judge(response, ms, request.check);
      if (reason) failures.push({ index, request, status: response.statusCode, ms, reason, body: response.body.slice(0, 300) });
      // A fuzzed logout (or a changed password) ends the session: sign in again for what follows.
      if (request.auth === 'admin' && response.statusCode === 401) token = await login(app);
    }

    const seconds = (performance.now() - started) / 1000;
    console.log('');
    console.log(`operations in the OpenAPI document: ${operations.length}; covered: ${covered.size}`);
    console.log(`requests sent: ${plan.length} in ${seconds.toFixed(1)} s (${(plan.length / seconds).toFixed(0)}/s)`);
    if (nmsUnavailable) console.log(`(${nmsUnavailable} of the 5xx: 503 of /nms/…, the device service without an MQTT broker)`);
    console.log(
      `by status: ${[...byStatus.entries()]
        .sort()
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    console.log(
      `by class: ${[...byClass.entries()]
        .sort()
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    console.log('slowest:');
    for (const s of slowest) console.log(`  ${s.ms.toFixed(0).padStart(5)} ms  ${s.status}  ${s.label}`);
    if (failures.length) {
      console.log(`\n✗ ${failures.length} failing answers (seed ${SEED}):`);
      const seen = new Set<string>();
      for (const f of failures) {
        const key = `${f.request.operation} ${f.reason}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const payload = typeof f.request.payload === 'string' ? f.request.payload : JSON.stringify(f.request.payload ?? '');
        console.log(`  #${f.index} ${f.request.operation} [${f.request.kind}]: ${f.reason}`);
        console.log(`      ${f.request.method} ${f.request.url.slice(0, 200)}`);
        if (payload) console.log(`      body: ${payload.slice(0, 200)}`);
        if (f.body) console.log(`      answer: ${f.body.slice(0, 200)}`);
      }
      console.log(`  (${seen.size} distinct operation/reason pairs)`);
      process.exitCode = 1;
    } else {
      console.log('\n✓ no 5xx, none slower than 2 s, no stack trace or SQL text in any body');
    }
  } finally {
    await app?.close();
    await database.close();
    await drop();
  }
};

// A request whose answer never comes leaves nothing for the event loop to do, and Node would end with exit code 0 before
// the summary: that is a failure of the run.
let isFinished = false;
process.on('beforeExit', () => {
  if (isFinished) return;
  console.error('fuzz: the run stopped before its end (a request never answered and nothing else was left to do)');
  process.exit(1);
});
main().then(
  () => {
    isFinished = true;
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
