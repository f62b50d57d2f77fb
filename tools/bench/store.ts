// `npm run bench:store` (after `npm run build`): the store floor's figures measured from outside (issue 26).
//
// The built server runs as its own process on a fresh embedded database with the demo data (startServerProcess). Two
// measures, each beside a baseline of the same run:
//
// 1. Reads of the store floor's screens: autocannon (its own process, 10 connections, --seconds each, default 5)
//    against the availability, replenishment, find-item, shrink and exit alarms routes of the demo store T-MAD-01,
//    beside `GET /api/health` (the lightest route: one `select 1`) and the POS sales list (a list the product had
//    before). Ratio: a route's requests per second over /api/health's.
// 2. An exit alarm's way to a screen: this process listens to the live stream (`GET /api/events/stream`, as the web
//    does) and sends, one at a time, a set of one unsold tag through the exit gate EXIT-T01-01 (as the reader does,
//    POST /api/readingsets/ with its device key). For each: the set's HTTP answer (its commit) and the moment the
//    `exit-alarm` event naming the tag arrives on the stream. Baseline: the same set sent by the sales floor's handheld
//    (mode 2: stored, no alarm). Ratio: the alarm heard on the stream over the handheld set's answer.
//
// Options: --seconds N (autocannon per route, default 5), --alarms N (default 30).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startServerProcess } from '../../apps/server/src/test/server-process.js';

const { values } = parseArgs({ options: { seconds: { type: 'string' }, alarms: { type: 'string' } } });
const SECONDS = Number(values.seconds ?? 5);
const ALARMS = Number(values.alarms ?? 30);
const root = path.resolve(import.meta.dirname, '../..');

const server = await startServerProcess({ LOG_LEVEL: 'warn' });
const stop = () => server.stop();
process.on('SIGINT', () => void stop().then(() => process.exit(130)));

type Json = Record<string, unknown>;
const call = async <T>(method: string, route: string, { body, auth }: { body?: unknown; auth?: string } = {}) => {
  const response = await fetch(`${server.baseUrl}/api${route}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(auth ? { Authorization: auth } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
};

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

/** autocannon in its own process: requests per second (mean) and latency p50 / p99 in ms. */
const cannon = (url: string, token: string) =>
  new Promise<{ rps: number; p50: number; p99: number; non2xx: number }>((resolve, reject) => {
    const child = spawn(
      path.join(root, 'node_modules/.bin/autocannon'),
      ['-j', '-c', '10', '-d', String(SECONDS), '-H', `Authorization=Token ${token}`, url],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('exit', () => {
      try {
        const result = JSON.parse(out) as {
          requests: { average: number };
          latency: { p50: number; p99: number };
          non2xx: number;
          errors: number;
        };
        resolve({
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          non2xx: result.non2xx + result.errors,
        });
      } catch (error) {
        reject(new Error(`autocannon said nothing readable: ${out.slice(0, 300)} (${String(error)})`));
      }
    });
  });

/** The live stream of the user, as the web's EventSource reads it: calls `onEvent` with each event's data. */
const listen = async (token: string, onEvent: (event: Json) => void) => {
  const controller = new AbortController();
  const response = await fetch(`${server.baseUrl}/api/events/stream`, {
    headers: { Authorization: `Token ${token}`, Accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`the live stream answered ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) onEvent(JSON.parse(data) as Json);
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  return () => controller.abort();
};

try {
  await server.waitHealthy(180_000);
  const { token } = await call<{ token: string }>('POST', '/authtoken/', {
    body: { username: 'admin@demo.local', password: 'demo1234' },
  });
  const auth = `Token ${token}`;
  const locations = await call<{ results: Array<{ id: number; code: string }> }>('GET', '/locations/?limit=100', { auth });
  const store = locations.results.find((row) => row.code === 'T-MAD-01');
  if (!store) throw new Error('no demo store T-MAD-01');
  const availability = await call<{ results: Array<{ gtin: string }> }>('GET', `/locations/${store.id}/availability/`, {
    auth,
  });
  const gtin = availability.results[0]?.gtin;
  if (!gtin) throw new Error('the demo store shows no availability');

  // 1. Reads, beside /api/health.
  const routes: Array<[string, string]> = [
    ['GET /api/health (baseline)', '/api/health'],
    ['POS sales list (before issue 26)', `/api/locations/${store.id}/sales/`],
    ['availability', `/api/locations/${store.id}/availability/`],
    ['replenishment pick list', `/api/locations/${store.id}/replenishment/`],
    ['find item (GTIN)', `/api/find/?gtin=${gtin}&location=${store.id}`],
    ['shrink and accuracy (30 days)', `/api/locations/${store.id}/shrink/`],
    ['exit alarms list', `/api/locations/${store.id}/exit_alarms/`],
  ];
  const rows: string[] = [];
  let baseline = 0;
  for (const [name, route] of routes) {
    const result = await cannon(`${server.baseUrl}${route}`, token);
    if (baseline === 0) baseline = result.rps;
    rows.push(
      `| ${name} | ${Math.round(result.rps).toLocaleString('en')} | ${(result.rps / baseline).toFixed(2)} | ${result.p50} | ${result.p99} | ${result.non2xx} |`,
    );
  }

  // 2. Exit alarms from the gate to the stream, beside the handheld's set.
  const items = await call<{ results: Array<{ epc: string }> }>(
    'GET',
    `/items/?location=${store.id}&state=0&limit=${ALARMS * 2}&order_by=-id`,
    { auth },
  );
  const epcs = items.results.map((row) => row.epc);
  if (epcs.length < ALARMS * 2) throw new Error(`only ${epcs.length} stocked tags at the store`);
  const heard = new Map<string, number>();
  const stopListening = await listen(token, (event) => {
    const payload = event.payload as { epcs?: string[] } | undefined;
    if (event.topic === 'exit-alarm')
      for (const epc of payload?.epcs ?? []) if (!heard.has(epc)) heard.set(epc, performance.now());
  });
  const send = async (device: string, epc: string) => {
    const at = new Date();
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}/api/readingsets/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Device demo-${device.toLowerCase()}` },
      body: JSON.stringify({
        id: randomUUID(),
        device,
        start_time: at.toISOString(),
        end_time: new Date(at.getTime() + 500).toISOString(),
        epcs: [epc],
      }),
    });
    await response.text();
    if (response.status !== 201) throw new Error(`${device}: the set answered ${response.status}`);
    return { started, answered: performance.now() - started };
  };
  const handheld: number[] = [];
  const gateAnswer: number[] = [];
  const onStream: number[] = [];
  for (let i = 0; i < ALARMS; i += 1) {
    handheld.push((await send('HH-T01-01', epcs[ALARMS + i] as string)).answered);
    const epc = epcs[i] as string;
    const { started, answered } = await send('EXIT-T01-01', epc);
    gateAnswer.push(answered);
    for (const deadline = performance.now() + 10_000; !heard.has(epc); ) {
      if (performance.now() > deadline) throw new Error(`no exit-alarm event for ${epc} within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    onStream.push((heard.get(epc) as number) - started);
  }
  stopListening();
  const ms = (values: number[], p: number) => percentile(values, p).toFixed(0);

  console.log(
    `\nStore floor, measured from outside (${new Date().toISOString().slice(0, 16)} UTC, load ${loadavg()[0]?.toFixed(1)}, ` +
      `embedded database, demo data, autocannon -c 10 -d ${SECONDS}):\n`,
  );
  console.log('| route | req/s | ratio to /api/health | p50 ms | p99 ms | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
  console.log(`\nExit alarm, gate to stream (${ALARMS} sets of one unsold tag, one at a time):\n`);
  console.log('| measure | p50 ms | p95 ms | max ms |');
  console.log('|---|---:|---:|---:|');
  console.log(`| handheld set answered (baseline) | ${ms(handheld, 50)} | ${ms(handheld, 95)} | ${ms(handheld, 100)} |`);
  console.log(`| exit gate set answered | ${ms(gateAnswer, 50)} | ${ms(gateAnswer, 95)} | ${ms(gateAnswer, 100)} |`);
  console.log(`| exit-alarm event on the live stream | ${ms(onStream, 50)} | ${ms(onStream, 95)} | ${ms(onStream, 100)} |`);
  console.log(
    `\nRatio, alarm on the stream ÷ handheld set answered (p50): ${(percentile(onStream, 50) / percentile(handheld, 50)).toFixed(2)}`,
  );
} finally {
  await stop();
}
