// The chaos suite's machinery: server processes started from the build, a round-robin HTTP proxy,
// a Mosquitto broker of its own and PostgreSQL databases of its own, everything on 127.0.0.1 and
// ephemeral ports. Every child process and database it makes is recorded here and removed at the
// end (and on Ctrl+C); it never touches anything it did not start.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { HAPROXY_CHECK_LINES, HAPROXY_ERRORS, haproxyErrorPage, haproxyServerLines } from '../../../deploy/lib/haproxy.mjs';
import { canConnect } from '../../../scripts/lib.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The built server every process runs (`--server` chooses another build, e.g. of an older commit). */
export let serverMain = path.join(root, 'apps/server/dist/main.js');
export const setServerMain = (file) => {
  serverMain = path.resolve(file);
};

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether 127.0.0.1:`port` can be listened on now. */
const canListen = (port) =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * Every port `freePort` has given in this run: never given twice. A cluster takes its ports when it is made and its
 * servers listen on them seconds later (after the database, the broker and HAProxy); with two scenario runs at a time,
 * the other run's `freePort` found such a port free and gave it again: `sticker-kill (2)` failed on EADDRINUSE so in
 * CI of stop 47 (2026-12-02). A run's ports are at most a few hundred of the 12,000.
 */
const handedOut = new Set();

/**
 * A port free now, below the kernel's ephemeral range (32768–60999 by default). A port the kernel hands out for
 * `listen(0)` comes from that range, and between this check and the server's listen any outgoing connection (the
 * processes' own to PostgreSQL and the broker) may take it as its local port: `broker-restart` failed once on
 * EADDRINUSE so (2026-12-01).
 */
export const freePort = async () => {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await canListen(port)) return port;
    handedOut.delete(port);
  }
  throw new Error('no free port between 20000 and 32000');
};

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

/** Kills (SIGKILL, by pid) every child this run started that is still running, brokers included. */
export const killAllChildren = () => {
  for (const killNow of brokerKills) killNow();
  stopOwnPostgres();
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

/** The tests' own PostgreSQL cluster (apps/server/src/test/pg-cluster.ts, built): initdb, its own port, restarted at will. */
const pgCluster = await import(path.join(root, 'apps/server/src/test/pg-cluster.ts'));
/** Our own PostgreSQL servers, stopped at the end whatever happened. */
const ownPostgres = new Set();
export const stopOwnPostgres = () => {
  for (const stop of ownPostgres) stop();
};

/**
 * A PostgreSQL server of our own, which a scenario may restart: the machine's is shared with the other scenarios and
 * tests. Null when the binaries are not there.
 */
export const startOwnPostgres = async () => {
  if (!pgCluster.pgBinaries) return null;
  const cluster = await pgCluster.createPgCluster();
  await cluster.start();
  // At exit, synchronously: the cluster's own folder is removed by `destroy`, this only stops it.
  const stopNow = () => {
    spawnSync('pkill', ['-9', '-f', '--', `-p ${cluster.port} -k`]);
  };
  ownPostgres.add(stopNow);
  return {
    url: cluster.url(),
    databaseUrl: (name) => cluster.url(name),
    /** A restart as an operator or a failover does it: every connection ends, new ones are refused until it is back. */
    restart: async () => {
      await cluster.stop('fast');
      await cluster.start();
    },
    destroy: async () => {
      ownPostgres.delete(stopNow);
      await cluster.destroy();
    },
  };
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

/* ------------------------------------------------------------------ brokers */

/** The tests' own brokers (apps/server/src/test/brokers.ts, built): Mosquitto with persistence, RabbitMQ with MQTT. */
const brokers = await import(path.join(root, 'apps/server/src/test/brokers.ts'));
/** Broker processes of this run, killed at the end whatever happened. */
const brokerKills = new Set();
const trackBroker = (killNow) => brokerKills.add(killNow);

/** A Mosquitto of our own on a free port, persistence on (never the system broker); it may be restarted. */
export const startBroker = () => brokers.startMosquitto({ track: trackBroker });
/** A RabbitMQ node of our own with its MQTT plugin (readers publish MQTT, the servers consume AMQP). */
export const startRabbitMq = () => brokers.startRabbitMq({ track: trackBroker });
export const hasRabbitMq = () => brokers.hasRabbitMq();

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
  'AMQP_URL',
  'MQTT_CLIENT_ID',
  'MQTT_SHARE_GROUP',
  'MQTT_SESSION_LEASE_MS',
  'BROKER_PROBE_MS',
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

  /** SIGSTOP: the process hangs with its sockets open (a VM paused, a stop-the-world pause, a process stuck in I/O). */
  pause() {
    if (!this.isRunning) return;
    this.child.kill('SIGSTOP');
    this.log(`--- chaos: SIGSTOP server ${this.n} at ${new Date().toISOString()}\n`);
  }

  resume() {
    if (!this.isRunning) return;
    this.child.kill('SIGCONT');
    this.log(`--- chaos: SIGCONT server ${this.n} at ${new Date().toISOString()}\n`);
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

/* ------------------------------------------------------------------ the balancer: HAProxy */

export const hasHaproxy = () => spawnSync('haproxy', ['-v'], { encoding: 'utf8' }).status === 0;

/** HAProxy's own answers (no backend, backend failed, timeout): JSON, marked `x-chaos-proxy: 1` to tell them apart. */
const haproxyError = (status, reason) => haproxyErrorPage(status, reason, ['x-chaos-proxy: 1']);

/**
 * HAProxy from Debian in front of the server processes, as a deployment runs it: round robin, a health check on
 * `GET /api/health` every 500 ms (down after 2 failures, up after 1 success), a request whose connection is refused
 * retried on another server (`retries 2`, `option redispatch`). A request that fails otherwise is answered by HAProxy
 * (502/503/504, marked `x-chaos-proxy: 1`) and the reader sends it again. `ports` are every backend the cluster may
 * run, spare ones (a replacement's) included: a port nothing listens on is taken out by its health check.
 */
export const startHaproxy = async ({ dir, ports }) => {
  const port = await freePort();
  const errors = HAPROXY_ERRORS;
  for (const [status, reason] of errors) writeFileSync(path.join(dir, `haproxy-${status}.http`), haproxyError(status, reason));
  const config = path.join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      '  maxconn 4096',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 60s',
      '  timeout server 60s',
      // The deployable stack's check (deploy/lib/haproxy.mjs): GET /api/health every 500 ms, 2 s to answer.
      ...HAPROXY_CHECK_LINES,
      ...errors.map(([status]) => `  errorfile ${status} ${path.join(dir, `haproxy-${status}.http`)}`),
      'frontend chaos',
      `  bind 127.0.0.1:${port}`,
      '  default_backend servers',
      'backend servers',
      '  balance roundrobin',
      ...haproxyServerLines(ports),
      '',
    ].join('\n'),
  );
  const check = spawnSync('haproxy', ['-c', '-f', config], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy refused its configuration: ${check.stderr || check.stdout}`);
  const child = spawn('haproxy', ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  track(child);
  let output = '';
  child.stderr.on('data', (d) => {
    output = (output + d).slice(-4000);
  });
  const started = Date.now();
  while (!(await canConnect('127.0.0.1', port, 300))) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${output}`);
    if (Date.now() - started > 10_000) throw new Error(`haproxy did not listen on ${port}: ${output}`);
    await sleep(50);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
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
    /** Slots not running yet, on ports of their own: `replace()` moves one into `servers`. */
    this.spares = [];
    this.proxy = null;
    this.broker = null;
    this.db = null;
    this.keepDatabase = false;
    /** Processes replaced (they no longer run). */
    this.retired = [];
  }

  static async create({ name, n, database = 'template', template, broker = 'mosquitto', proxy = true, spares = 0, env = {} }) {
    const dir = path.join(tempRoot, `${name}-${n}-${randomBytes(2).toString('hex')}`);
    mkdirSync(dir, { recursive: true });
    const cluster = new Cluster({ name, n, dir });
    try {
      if (database === 'template') cluster.db = await createDatabase({ template });
      else if (database === 'empty') cluster.db = await createDatabase();
      else if (typeof database === 'object' && database) cluster.db = { ...database, isOwn: true };
      if (broker === 'mosquitto' || broker === true) cluster.broker = await startBroker();
      if (broker === 'rabbitmq') cluster.broker = await startRabbitMq();
      const dataDir = path.join(dir, 'data');
      const brokerEnv = cluster.broker?.amqpUrl
        ? { AMQP_URL: cluster.broker.amqpUrl, MQTT_URL: '' }
        : { MQTT_URL: cluster.broker?.mqttUrl ?? '', AMQP_URL: '' };
      // Slots n+1… are spares: a replacement process (another port, another name) runs there.
      for (let i = 1; i <= n + spares; i++) {
        const port = await freePort();
        const slot = new ServerSlot({
          n: i,
          port,
          logFile: path.join(dir, `server-${i}.log`),
          env: {
            DATA_DIR: dataDir,
            DATABASE_URL: cluster.db?.url ?? '',
            ...brokerEnv,
            // A dead process's MQTT session is drained after its lease; readiness probes through the broker.
            MQTT_SESSION_LEASE_MS: '3000',
            BROKER_PROBE_MS: '1000',
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
        });
        (i <= n ? cluster.servers : cluster.spares).push(slot);
      }
      if (proxy) cluster.proxy = await startHaproxy({ dir, ports: [...cluster.servers, ...cluster.spares].map((s) => s.port) });
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

  /**
   * A process replaced, as a deploy does: `server` is killed (-9) or stopped, and a new process starts on a spare slot
   * (another port: another host name, as far as the broker and the balancer can tell), which takes its place in
   * `servers`. Resolves once the new one is healthy.
   */
  async replace(server, { how = 'kill', startFirst = false } = {}) {
    const spare = this.spares.shift();
    if (!spare) throw new Error('no spare slot left for a replacement');
    const end = () => (how === 'kill' ? server.kill() : server.stop(15_000));
    if (startFirst) {
      await spare.start({ timeoutMs: 60_000 });
      await end();
    } else {
      await end();
      await spare.start({ timeoutMs: 60_000 });
    }
    this.servers[this.servers.indexOf(server)] = spare;
    this.retired.push(server);
    return spare;
  }

  /** Exits nobody asked for. */
  deaths() {
    return [...this.servers, ...this.spares, ...this.retired].flatMap((s) => s.deaths.map((d) => ({ n: s.n, ...d })));
  }

  async destroy({ keepDatabase = false } = {}) {
    await Promise.all([...this.servers, ...this.spares].map((s) => s.kill().catch(() => {})));
    await this.proxy?.close().catch(() => {});
    await this.broker?.stop().catch(() => {});
    if (this.db && !this.db.isOwn && !keepDatabase) await dropDatabase(this.db.name).catch(() => {});
  }
}

export const removeTempRoot = () => {
  if (existsSync(tempRoot)) rmSync(tempRoot, { recursive: true, force: true });
};
