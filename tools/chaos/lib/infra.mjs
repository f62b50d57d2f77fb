// The chaos suite's machinery: server processes started from the build, a round-robin HTTP proxy,
// a Mosquitto broker of its own and PostgreSQL databases of its own, everything on 127.0.0.1 and
// ephemeral ports. Every child process and database it makes is recorded here and removed at the
// end (and on Ctrl+C); it never touches anything it did not start.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { canConnect } from '../../../scripts/lib.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The built server every process runs (`--server` chooses another build, e.g. of an older commit). */
export let serverMain = path.join(root, 'apps/server/dist/main.js');
export const setServerMain = (file) => {
  serverMain = path.resolve(file);
};

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

// One probe for the whole repository (scripts/lib.mjs): re-exported for the scenarios.
export { canConnect };

/* ------------------------------------------------------------------ bookkeeping for cleanup */

/** Every child process started by this run (pid → ChildProcess), killed by pid at the end. */
const children = new Map();
/** Every database created by this run, dropped at the end. */
const databases = new Set();
let adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';

export const setAdminUrl = (url) => {
  adminUrl = url;
};
export const getAdminUrl = () => adminUrl;

const track = (child) => {
  children.set(child.pid, child);
  child.once('exit', () => children.delete(child.pid));
};

/** Kills (SIGKILL, by pid) every child this run started that is still running. */
export const killAllChildren = () => {
  for (const [pid, child] of children) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
};

export const runId = randomBytes(3).toString('hex');
export const tempRoot = mkdtempSync(path.join(os.tmpdir(), `rfid-chaos-${runId}-`));

/* ------------------------------------------------------------------ PostgreSQL */

export const pgQuery = async (url, text, params = []) => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end().catch(() => {});
  }
};

export const databaseUrl = (name) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

let dbCounter = 0;
let creating = Promise.resolve();
/** A new database rfid_chaos_<run>_<n> (empty, or a copy of `template`); one at a time (a template copied twice at once fails). */
export const createDatabase = ({ template } = {}) => {
  dbCounter += 1;
  const name = `rfid_chaos_${runId}_${dbCounter}`;
  const created = creating.then(async () => {
    await pgQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
    databases.add(name);
    return { name, url: databaseUrl(name) };
  });
  creating = created.catch(() => {});
  return created;
};

export const dropDatabase = async (name) => {
  await pgQuery(adminUrl, `drop database if exists ${name} with (force)`);
  databases.delete(name);
};

export const dropAllDatabases = async () => {
  for (const name of [...databases]) await dropDatabase(name).catch(() => {});
};

/** Cuts every connection of the servers to the database (what a failover or a DBA does). */
export const terminateConnections = async (name) =>
  Number(
    (
      await pgQuery(
        adminUrl,
        'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      )
    ).rows[0]?.n ?? 0,
  );

export const allowConnections = async (name, allow) => {
  await pgQuery(adminUrl, `alter database ${name} allow_connections ${allow ? 'true' : 'false'}`);
};

/* ------------------------------------------------------------------ Mosquitto */

/** A Mosquitto of our own on a free port (never the system broker); it lives as long as the scenario. */
export const startBroker = async (dir) => {
  const port = await freePort();
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence false',
      // Sessions of offline server processes keep their reads: no small cap that would drop them.
      'max_queued_messages 1000000',
      'max_inflight_messages 100',
      'set_tcp_nodelay true',
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      '',
    ].join('\n'),
  );
  const child = spawn('mosquitto', ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  track(child);
  let output = '';
  child.stderr.on('data', (d) => {
    output = (output + d).slice(-4000);
  });
  const started = Date.now();
  while (!(await canConnect('127.0.0.1', port, 300))) {
    if (child.exitCode !== null) throw new Error(`mosquitto exited: ${output}`);
    if (Date.now() - started > 10_000) throw new Error(`mosquitto did not listen on ${port}: ${output}`);
    await sleep(50);
  }
  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        }, 3000).unref();
      }),
  };
};

/* ------------------------------------------------------------------ server processes */

/** The lines of a server's output that say why it stopped: the error's first line and its cause. */
export const whyStopped = (output) => {
  const lines = output
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('--- chaos') && !l.includes('${') && !/^(at |throw |\^|Node\.js v)/.test(l));
  const errors = lines.filter((l) => /^[A-Z]\w*(Error|Exception)\b/.test(l) || l.startsWith('cause: '));
  const hints = lines.filter((l) => /\b(refus|in use|locked|already)/i.test(l));
  const picked = [...new Set([...errors, ...hints])].slice(0, 3);
  return (picked.length ? picked : lines.slice(-2)).join(' / ').slice(0, 400);
};

const SERVER_ENV_KEYS = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'MQTT_URL',
  'MQTT_CLIENT_ID',
  'SEED_DEMO',
  'LOG_LEVEL',
  'READS_IDLE_GAP_MS',
  'STOCK_SNAPSHOT_INTERVAL_MS',
  'BRAND_DASHBOARD_URL',
  'WEB_DIST',
  'PRINT_CONNECT_TIMEOUT_MS',
  'PRINT_LABEL_TIMEOUT_MS',
  'PRINT_POLL_MS',
  'PRINT_LEASE_MS',
  'PRINT_QUEUE_POLL_MS',
  'PRINT_SPOOLER',
  'JOB_LEASE_MS',
  'EPC_COMPANY_PREFIX_LENGTH',
];

/**
 * One server process slot (chaos-<n>): the built server on its own port, restarted on the same
 * port and with the same MQTT client id. `kill()` is kill -9; an exit we did not cause is recorded
 * as a death.
 */
export class ServerSlot {
  constructor({ n, port, env, logFile }) {
    this.n = n;
    this.port = port;
    this.env = env;
    this.logFile = logFile;
    this.child = null;
    this.tail = [];
    this.deaths = [];
    this.starts = 0;
    this.kills = 0;
    this.expectExit = false;
    this.lastExit = null;
    /** When the current process first answered /api/health (0 while starting). */
    this.healthyAt = 0;
  }

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  get isRunning() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  output() {
    return this.tail.join('');
  }

  log(text) {
    this.tail.push(text);
    if (this.tail.length > 80) this.tail.splice(0, this.tail.length - 80);
    try {
      appendFileSync(this.logFile, text);
    } catch {
      // the temp folder is gone at the very end
    }
  }

  /** Spawns the process; with `wait`, resolves once GET /api/health answers 200. */
  async start({ wait = true, timeoutMs = 90_000, expectExit = false } = {}) {
    if (this.isRunning) throw new Error(`server ${this.n} is already running`);
    const env = { ...process.env };
    for (const key of SERVER_ENV_KEYS) delete env[key];
    Object.assign(env, this.env, { PORT: String(this.port), HOST: '127.0.0.1' });
    this.expectExit = expectExit;
    this.healthyAt = 0;
    this.starts += 1;
    this.log(`\n--- chaos: start ${this.starts} of server ${this.n} (port ${this.port}) at ${new Date().toISOString()}\n`);
    const child = spawn(process.execPath, [serverMain], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    track(child);
    this.child = child;
    child.stdout.on('data', (d) => this.log(String(d)));
    child.stderr.on('data', (d) => this.log(String(d)));
    child.once('exit', (code, signal) => {
      this.lastExit = { code, signal };
      this.log(`--- chaos: server ${this.n} exited (code ${code}, signal ${signal})\n`);
      if (!this.expectExit) this.deaths.push({ code, signal, at: new Date(), tail: this.output().slice(-3000) });
    });
    if (wait) {
      const started = Date.now();
      await this.waitHealthy(timeoutMs);
      this.healthyAt = Date.now();
      this.log(`--- chaos: server ${this.n} healthy after ${Date.now() - started} ms\n`);
    }
    return this;
  }

  async waitHealthy(timeoutMs = 90_000) {
    const deadline = Date.now() + timeoutMs;
    const child = this.child;
    for (;;) {
      if (!child || child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `server ${this.n} exited while starting (exit ${this.lastExit?.code ?? this.lastExit?.signal}): ${whyStopped(this.output())}`,
        );
      }
      try {
        const res = await fetch(`${this.base}/api/health`, { signal: AbortSignal.timeout(2000) });
        await res.text();
        if (res.status === 200) return;
      } catch {
        // not up yet
      }
      if (Date.now() > deadline) throw new Error(`server ${this.n} did not answer /api/health within ${timeoutMs} ms`);
      await sleep(100);
    }
  }

  /** Resolves once the process has exited (or after `timeoutMs`, false). */
  waitExit(timeoutMs = 30_000) {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /** kill -9 now, synchronously (from inside an event handler, at the worst moment). */
  killNow() {
    if (!this.isRunning) return;
    this.expectExit = true;
    this.kills += 1;
    this.child.kill('SIGKILL');
    this.log(`--- chaos: kill -9 server ${this.n} at ${new Date().toISOString()}\n`);
  }

  /** kill -9. */
  async kill() {
    if (!this.isRunning) return;
    this.expectExit = true;
    this.kills += 1;
    this.log(`--- chaos: kill -9 server ${this.n} at ${new Date().toISOString()}\n`);
    this.child.kill('SIGKILL');
    await this.waitExit(10_000);
  }

  /** A clean stop (SIGTERM); kill -9 after `timeoutMs`. Answers whether it stopped by itself with exit code 0. */
  async stop(timeoutMs = 20_000) {
    if (!this.isRunning) return true;
    this.expectExit = true;
    this.child.kill('SIGTERM');
    const stopped = await this.waitExit(timeoutMs);
    if (!stopped) {
      this.log(`--- chaos: server ${this.n} did not stop within ${timeoutMs} ms: kill -9\n`);
      this.child.kill('SIGKILL');
      await this.waitExit(10_000);
    }
    return stopped && this.lastExit?.code === 0;
  }
}

/* ------------------------------------------------------------------ the round-robin proxy */

/**
 * A small round-robin HTTP proxy in front of the server processes: each request goes to the next
 * backend in turn, dead or alive (the client sees 502 from the proxy, marked `x-chaos-proxy: 1`,
 * and retries, as a reader would behind a load balancer that has not noticed yet).
 */
export const startProxy = async (ports) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  const stats = { requests: 0, backendErrors: 0 };
  const server = http.createServer((req, res) => {
    stats.requests += 1;
    const list = ports();
    const port = list[next % list.length];
    next += 1;
    const fail = (error) => {
      stats.backendErrors += 1;
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json', 'x-chaos-proxy': '1' });
        res.end(
          JSON.stringify({ message: `chaos proxy: backend :${port} failed (${error?.code ?? error?.message ?? 'error'})` }),
        );
      } else {
        res.destroy();
      }
    };
    const upstream = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('aborted', () => res.destroy());
        answer.on('error', () => res.destroy());
      },
    );
    upstream.setTimeout(60_000, () => upstream.destroy(new Error('backend timeout')));
    upstream.on('error', fail);
    req.on('error', () => upstream.destroy());
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
};

/* ------------------------------------------------------------------ a cluster: N servers, proxy, broker, database */

/**
 * What one scenario runs against: N server processes on one database (a copy of the demo
 * template, an empty one, or a PGlite folder), a proxy in front of them and a broker of its own.
 */
export class Cluster {
  constructor({ name, n, dir }) {
    this.name = name;
    this.n = n;
    this.dir = dir;
    this.servers = [];
    this.proxy = null;
    this.broker = null;
    this.db = null;
    this.keepDatabase = false;
  }

  static async create({ name, n, database = 'template', template, broker = true, proxy = true, env = {} }) {
    const dir = path.join(tempRoot, `${name}-${n}-${randomBytes(2).toString('hex')}`);
    mkdirSync(dir, { recursive: true });
    const cluster = new Cluster({ name, n, dir });
    try {
      if (database === 'template') cluster.db = await createDatabase({ template });
      else if (database === 'empty') cluster.db = await createDatabase();
      if (broker) cluster.broker = await startBroker(dir);
      const dataDir = path.join(dir, 'data');
      for (let i = 1; i <= n; i++) {
        const port = await freePort();
        cluster.servers.push(
          new ServerSlot({
            n: i,
            port,
            logFile: path.join(dir, `server-${i}.log`),
            env: {
              DATA_DIR: dataDir,
              DATABASE_URL: cluster.db?.url ?? '',
              MQTT_URL: cluster.broker?.url ?? '',
              MQTT_CLIENT_ID: `chaos-${i}`,
              SEED_DEMO: 'true',
              LOG_LEVEL: 'warn',
              // The printer simulators listen on 127.0.0.1, as in the demo.
              PRINTER_ALLOW_LOOPBACK: '1',
              READS_IDLE_GAP_MS: '300',
              WEB_DIST: path.join(dir, 'no-web-dist'),
              PRINT_CONNECT_TIMEOUT_MS: '2000',
              PRINT_LABEL_TIMEOUT_MS: '5000',
              PRINT_POLL_MS: '20',
              // Work of a killed process is taken over once its lease runs out: short leases, short waits.
              PRINT_LEASE_MS: '3000',
              JOB_LEASE_MS: '5000',
              ...env,
            },
          }),
        );
      }
      if (proxy) cluster.proxy = await startProxy(() => cluster.servers.map((s) => s.port));
    } catch (error) {
      await cluster.destroy();
      throw error;
    }
    return cluster;
  }

  get url() {
    return this.proxy?.url ?? this.servers[0]?.base;
  }

  async startAll(options) {
    await Promise.all(this.servers.map((s) => s.start(options)));
  }

  async stopAll(timeoutMs) {
    const clean = await Promise.all(this.servers.map((s) => s.stop(timeoutMs)));
    return clean.every(Boolean);
  }

  async killAll() {
    await Promise.all(this.servers.map((s) => s.kill()));
  }

  /** Exits nobody asked for. */
  deaths() {
    return this.servers.flatMap((s) => s.deaths.map((d) => ({ n: s.n, ...d })));
  }

  async destroy({ keepDatabase = false } = {}) {
    await Promise.all(this.servers.map((s) => s.kill().catch(() => {})));
    await this.proxy?.close().catch(() => {});
    await this.broker?.stop().catch(() => {});
    if (this.db && !keepDatabase) await dropDatabase(this.db.name).catch(() => {});
  }
}

export const removeTempRoot = () => {
  if (existsSync(tempRoot)) rmSync(tempRoot, { recursive: true, force: true });
};
