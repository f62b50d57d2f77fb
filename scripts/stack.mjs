// `npm run stack`: the deployable stack of deploy/ on this machine, from Debian's packages: a PostgreSQL cluster of its
// own, PgBouncer, Mosquitto, N server processes (the build), HAProxy in front and Prometheus. Ctrl-C stops it all;
// `npm run stack -- --down` stops a stack started elsewhere (or --detach'ed). docs/deploy.md says what each piece is.
//
//   npm run stack                       # 2 processes, ports 47400…, data in .stack/ (or $STACK_DIR)
//   npm run stack -- --procs 3 --base-port 47500 --dir /srv/rfid-stack
//   npm run stack -- --detach           # starts it in the background, returns once it serves
//   npm run stack -- --down             # stops it (same --dir)
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { HAPROXY_CHECK_LINES, HAPROXY_ERRORS, haproxyErrorPage, haproxyServerLines } from '../deploy/lib/haproxy.mjs';
import { renderFile } from '../deploy/lib/render.mjs';
import { buildIfNeeded, canConnect, root } from './lib.mjs';

const { values: options } = parseArgs({
  options: {
    procs: { type: 'string' },
    dir: { type: 'string' },
    'base-port': { type: 'string' },
    down: { type: 'boolean', default: false },
    detach: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    render: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (options.help) {
  console.log(
    [
      'npm run stack -- [--procs N] [--base-port P] [--dir DIR] [--detach] [--no-build] | --down [--dir DIR]',
      '  --procs N       server processes (STACK_PROCS, default 2)',
      '  --base-port P   HAProxy on P, its stats P+1, PgBouncer P+2, PostgreSQL P+3, Mosquitto P+4, Prometheus P+5,',
      '                  the server processes P+10… (STACK_BASE_PORT, default 47400)',
      '  --dir DIR       data, configuration and logs (STACK_DIR, default .stack in the repository)',
      '  --detach        start in the background and return once everything serves',
      '  --down          stop the stack running in DIR',
      '  --render        only write the configuration (DIR/etc) and stop: the files a host copies (docs/deploy.md)',
    ].join('\n'),
  );
  process.exit(0);
}

const whole = (value, name, fallback) => {
  const number = Number(value ?? fallback);
  if (!Number.isInteger(number) || number < 1) {
    console.error(`${name} must be a whole number, got ${JSON.stringify(value)}`);
    process.exit(2);
  }
  return number;
};
const procs = whole(options.procs ?? process.env.STACK_PROCS, '--procs', 2);
const base = whole(options['base-port'] ?? process.env.STACK_BASE_PORT, '--base-port', 47400);
const dir = path.resolve(options.dir ?? process.env.STACK_DIR ?? path.join(root, '.stack'));
const host = '127.0.0.1';
const ports = {
  front: base,
  stats: base + 1,
  pgbouncer: base + 2,
  postgres: base + 3,
  mqtt: base + 4,
  prometheus: base + 5,
  servers: Array.from({ length: procs }, (_, i) => base + 10 + i),
};
const folders = {
  etc: path.join(dir, 'etc'),
  log: path.join(dir, 'log'),
  run: path.join(dir, 'run'),
  pg: path.join(dir, 'postgresql'),
  pgbouncer: path.join(dir, 'pgbouncer'),
  mosquitto: path.join(dir, 'mosquitto'),
  prometheus: path.join(dir, 'prometheus'),
  servers: path.join(dir, 'servers'),
};
const stateFile = path.join(folders.run, 'stack.json');
const pgData = path.join(folders.pg, 'data');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const readState = () => {
  try {
    return JSON.parse(readFileSync(stateFile, 'utf8'));
  } catch {
    return undefined; // none (or being written: it is written whole, then renamed)
  }
};

/** Debian's PostgreSQL binaries: PG_BIN, else the newest /usr/lib/postgresql/<version>/bin. */
const pgBin = (() => {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .filter((v) => existsSync(`/usr/lib/postgresql/${v}/bin/pg_ctl`))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? `/usr/lib/postgresql/${versions[0]}/bin` : undefined;
})();
const isRoot = process.getuid?.() === 0;
/** PostgreSQL (and PgBouncer) refuse to run as root: as root they run as the `postgres` user. */
const asPostgres = (command, args) => (isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]);
const idsOf = (user) => {
  const uid = spawnSync('id', ['-u', user], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', user], { encoding: 'utf8' });
  return uid.status === 0 ? { uid: Number(uid.stdout), gid: Number(gid.stdout) } : undefined;
};
const giveTo = (folder, user) => {
  const ids = isRoot ? idsOf(user) : undefined;
  if (ids) chownSync(folder, ids.uid, ids.gid);
};
const pgCtl = (args) => {
  const [command, list] = asPostgres(path.join(pgBin, 'pg_ctl'), args);
  const result = spawnSync(command, list, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
};

/* ------------------------------------------------------------------ --down */

const down = async () => {
  const state = readState();
  if (!state) {
    console.log(`No stack is running in ${dir}.`);
    return 0;
  }
  if (isAlive(state.pid)) {
    console.log(`Stopping the stack (pid ${state.pid})…`);
    process.kill(state.pid, 'SIGTERM');
    const deadline = Date.now() + 90_000;
    while (isAlive(state.pid) && Date.now() < deadline) await sleep(200);
    if (!isAlive(state.pid)) {
      console.log('Stopped.');
      return 0;
    }
  }
  // Its supervisor is gone (killed): stop what it recorded, by pid.
  console.log('The stack process is gone; stopping what it started, by pid…');
  for (const child of state.children ?? []) {
    if (isAlive(child.pid)) {
      console.log(`  ${child.name} (pid ${child.pid})`);
      process.kill(child.pid, 'SIGTERM');
    }
  }
  if (pgBin && existsSync(path.join(pgData, 'postmaster.pid')))
    console.log(pgCtl(['-D', pgData, '-m', 'fast', '-w', 'stop']).output);
  rmSync(stateFile, { force: true });
  return 0;
};

if (options.down) process.exit(await down());

/* ------------------------------------------------------------------ --detach */

if (options.detach) {
  mkdirSync(folders.log, { recursive: true });
  const log = path.join(folders.log, 'stack.log');
  const fd = openSync(log, 'w');
  const args = process.argv.slice(2).filter((a) => a !== '--detach');
  const child = spawn(process.execPath, [path.join(root, 'scripts/stack.mjs'), ...args, '--dir', dir], {
    detached: true,
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  child.unref();
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || !isAlive(child.pid)) {
      console.error(`The stack did not start:\n${readFileSync(log, 'utf8')}`);
      process.exit(1);
    }
    if (readState()?.ready) {
      console.log(
        readFileSync(log, 'utf8')
          .split('\n')
          .filter((line) => line.startsWith('  '))
          .join('\n'),
      );
      console.log(
        `Running in the background (pid ${child.pid}, log ${log}); npm run stack -- --down${options.dir ? ` --dir ${dir}` : ''} stops it.`,
      );
      process.exit(0);
    }
    await sleep(250);
  }
  console.error(`The stack took more than 5 min to start: ${log}`);
  process.exit(1);
}

/* ------------------------------------------------------------------ up */

const missing = [
  ['haproxy', 'haproxy'],
  ['pgbouncer', 'pgbouncer'],
  ['mosquitto', 'mosquitto'],
  ['prometheus', 'prometheus'],
].filter(([command]) => spawnSync('sh', ['-c', `command -v ${command}`]).status !== 0);
if (!pgBin) missing.push(['pg_ctl', 'postgresql']);
if (missing.length && !options.render) {
  console.error(
    `The stack needs Debian's ${missing.map(([c]) => c).join(', ')}: apt-get install ${missing.map(([, p]) => p).join(' ')}`,
  );
  process.exit(2);
}
const running = readState();
if (running && isAlive(running.pid) && !options.render) {
  console.error(
    `A stack is already running in ${dir} (pid ${running.pid}): npm run stack -- --down${options.dir ? ` --dir ${dir}` : ''}`,
  );
  process.exit(2);
}
for (const [name, port] of [
  ['HAProxy', ports.front],
  ['HAProxy stats', ports.stats],
  ['PgBouncer', ports.pgbouncer],
  ['PostgreSQL', ports.postgres],
  ['Mosquitto', ports.mqtt],
  ['Prometheus', ports.prometheus],
  ...ports.servers.map((port, i) => [`server ${i + 1}`, port]),
]) {
  if (!options.render && (await canConnect(host, port, 300))) {
    console.error(`Port ${port} (${name}) is taken: choose another --base-port (STACK_BASE_PORT)`);
    process.exit(2);
  }
}
if (!options['no-build'] && !options.render) {
  const built = await buildIfNeeded();
  if (built !== 0) process.exit(built);
}

for (const folder of Object.values(folders)) mkdirSync(folder, { recursive: true });
// The services that run as their own users reach their folders through this one.
chmodSync(dir, 0o755);
giveTo(folders.pg, 'postgres');
if (isRoot && spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-w', folders.pg]).status !== 0) {
  console.error(`The postgres user cannot reach ${dir} (a folder above it is closed): choose --dir (STACK_DIR) elsewhere`);
  process.exit(2);
}
giveTo(folders.pgbouncer, 'postgres');
giveTo(folders.mosquitto, 'mosquitto');

/** The database user's password: made once, kept with the stack's data. */
const secretFile = path.join(folders.etc, 'db-password');
if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(18).toString('hex'), { mode: 0o600 });
const dbPassword = readFileSync(secretFile, 'utf8').trim();

const values = {
  DB_NAME: 'rfid',
  DB_USER: 'rfid',
  DB_PASSWORD: dbPassword,
  PG_HOST: host,
  PG_PORT: ports.postgres,
  PGBOUNCER_HOST: host,
  PGBOUNCER_PORT: ports.pgbouncer,
  // 11 connections a process (10 pooled, 1 for LISTEN), and one process's worth to spare (a replacement starting).
  POOL_SIZE: 11 * (procs + 1),
  // session: the server needs it with PgBouncer 1.18 (deploy/pgbouncer.ini says why); STACK_POOL_MODE=transaction shows it.
  POOL_MODE: process.env.STACK_POOL_MODE ?? 'session',
  CONF_DIR: folders.etc,
  LOG_DIR: folders.pgbouncer,
  RUN_DIR: folders.pgbouncer,
  MQTT_HOST: host,
  MQTT_PORT: ports.mqtt,
  MQTT_DATA_DIR: folders.mosquitto,
  SERVER_HOST: host,
  SHARE_GROUP: process.env.STACK_SHARE_GROUP ?? 'rfid-stack',
  PUBLIC_URL: `http://${host}:${ports.front}`,
  SEED_DEMO: process.env.STACK_SEED_DEMO ?? 'on',
  LOG_LEVEL: process.env.STACK_LOG_LEVEL ?? 'warn',
  HAPROXY_LOG: 'stdout format raw local0',
  FRONT_BIND: `${host}:${ports.front}`,
  STATS_BIND: `${host}:${ports.stats}`,
  ERROR_DIR: folders.etc,
  CHECK_LINES: HAPROXY_CHECK_LINES.join('\n'),
  SERVER_LINES: haproxyServerLines(ports.servers, host).join('\n'),
  SCRAPE_INTERVAL: process.env.STACK_SCRAPE_INTERVAL ?? '5s',
  SERVER_TARGETS: ports.servers.map((port) => `'${host}:${port}'`).join(', '),
  STATS_TARGET: `${host}:${ports.stats}`,
  PROMETHEUS_TARGET: `${host}:${ports.prometheus}`,
};
const conf = (name) => path.join(folders.etc, name);
const write = (name, mode = 0o644) => {
  writeFileSync(conf(name), renderFile(path.join(root, 'deploy', name), values), { mode });
  chmodSync(conf(name), mode);
};
for (const name of ['haproxy.cfg', 'pgbouncer.ini', 'mosquitto.conf', 'prometheus.yml', 'rfid.env']) write(name);
write('userlist.txt', 0o640);
chmodSync(conf('rfid.env'), 0o600);
giveTo(conf('userlist.txt'), 'postgres');
for (const [status, reason] of HAPROXY_ERRORS) writeFileSync(conf(`haproxy-${status}.http`), haproxyErrorPage(status, reason));
if (options.render) {
  console.log(`Configuration written to ${folders.etc}/ (docs/deploy.md "On a real host" says where each file goes).`);
  process.exit(0);
}

/** The processes this run started: stopped at the end, in the reverse order, by pid. */
const children = [];
const record = (ready = false) => {
  writeFileSync(
    `${stateFile}.new`,
    JSON.stringify(
      {
        pid: process.pid,
        ready,
        dir,
        ports,
        urls: urls(),
        children: children.map(({ name, child }) => ({ name, pid: child.pid })),
      },
      null,
      2,
    ),
  );
  renameSync(`${stateFile}.new`, stateFile);
};
const urls = () => ({
  app: `http://${host}:${ports.front}/`,
  api: `http://${host}:${ports.front}/api/`,
  servers: ports.servers.map((port) => `http://${host}:${port}/`),
  mqtt: `mqtt://${host}:${ports.mqtt}`,
  database: `postgres://rfid@${host}:${ports.pgbouncer}/rfid`,
  postgres: `postgres://postgres@${host}:${ports.postgres}/postgres (socket ${folders.pg})`,
  prometheus: `http://${host}:${ports.prometheus}/`,
  haproxyStats: `http://${host}:${ports.stats}/`,
});
let stopping = false;

/** Starts a long-running process, its output to log/<name>.log; an exit nobody asked for is said. */
const start = (name, command, args, env = {}) => {
  const fd = openSync(path.join(folders.log, `${name}.log`), 'a');
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', fd, fd], detached: true });
  closeSync(fd);
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`✗ ${name} exited (${signal ?? code}): see ${path.join(folders.log, `${name}.log`)}`);
  });
  children.push({ name, child });
  record();
  return child;
};
const stopChild = ({ name, child }, timeoutMs = 30_000) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => {
      console.error(`  ${name} did not stop within ${timeoutMs / 1000} s: killed`);
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
let postgresStarted = false;
const stopAll = async () => {
  stopping = true;
  console.log('\nStopping the stack…');
  // HAProxy and Prometheus first, then every server process at once (each hands its work over), then what they use.
  const byName = (prefix) => children.filter(({ name }) => name.startsWith(prefix));
  for (const group of [['prometheus', 'haproxy'], ['server-'], ['mosquitto', 'pgbouncer']]) {
    await Promise.all(group.flatMap(byName).map((entry) => stopChild(entry)));
  }
  if (postgresStarted) {
    const stopped = pgCtl(['-D', pgData, '-m', 'fast', '-w', 'stop']);
    if (!stopped.ok) console.error(stopped.output);
  }
  rmSync(stateFile, { force: true });
  console.log('Stopped.');
};

const waitFor = async (what, check, timeoutMs, child) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) throw new Error(`${what}: the process exited`);
    if (await check().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
};
const answers = async (url, status = 200) => (await fetch(url, { signal: AbortSignal.timeout(3_000) })).status === status;

const up = async () => {
  // PostgreSQL: a cluster of its own in DIR/postgresql/data (initdb once), local socket trust (root and postgres reach
  // its folder), TCP by password (scram) for the rfid user through PgBouncer.
  if (!existsSync(path.join(pgData, 'PG_VERSION'))) {
    console.log(`Creating the PostgreSQL cluster in ${pgData}…`);
    const [command, list] = asPostgres(path.join(pgBin, 'initdb'), [
      '-D',
      pgData,
      '-U',
      'postgres',
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      '-E',
      'UTF8',
      '--no-instructions',
    ]);
    const made = spawnSync(command, list, { encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`initdb failed: ${made.stdout}${made.stderr}`);
  }
  const pgOptions = [`-p ${ports.postgres}`, `-k ${folders.pg}`, `-c listen_addresses=${host}`, '-c max_connections=200'];
  // The smoke test's throwaway cluster needs no durability (STACK_PG_FSYNC=off).
  if (process.env.STACK_PG_FSYNC === 'off')
    pgOptions.push('-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off');
  const pgLog = path.join(folders.pg, 'postgresql.log');
  const started = pgCtl(['-D', pgData, '-o', pgOptions.join(' '), '-l', pgLog, '-w', '-t', '120', 'start']);
  if (!started.ok)
    throw new Error(
      `PostgreSQL did not start: ${started.output}\n${existsSync(pgLog) ? readFileSync(pgLog, 'utf8').slice(-2000) : ''}`,
    );
  postgresStarted = true;
  console.log(`PostgreSQL on ${host}:${ports.postgres}`);
  const admin = new pg.Client({ host: folders.pg, port: ports.postgres, user: 'postgres', database: 'postgres' });
  await admin.connect();
  try {
    const role = await admin.query('select 1 from pg_roles where rolname = $1', [values.DB_USER]);
    const quotedPassword = `'${dbPassword.replaceAll("'", "''")}'`;
    if (!role.rowCount) await admin.query(`create role ${values.DB_USER} login password ${quotedPassword}`);
    else await admin.query(`alter role ${values.DB_USER} password ${quotedPassword}`);
    const database = await admin.query('select 1 from pg_database where datname = $1', [values.DB_NAME]);
    if (!database.rowCount) await admin.query(`create database ${values.DB_NAME} owner ${values.DB_USER}`);
  } finally {
    await admin.end();
  }

  const pgbouncer = start('pgbouncer', 'pgbouncer', [...(isRoot ? ['-u', 'postgres'] : []), conf('pgbouncer.ini')]);
  await waitFor('PgBouncer', () => canConnect(host, ports.pgbouncer, 300), 20_000, pgbouncer);
  console.log(`PgBouncer on ${host}:${ports.pgbouncer}`);

  const mosquitto = start('mosquitto', 'mosquitto', ['-c', conf('mosquitto.conf')]);
  await waitFor('Mosquitto', () => canConnect(host, ports.mqtt, 300), 20_000, mosquitto);
  console.log(`Mosquitto on ${host}:${ports.mqtt}`);

  // The server processes: rfid.env as systemd's EnvironmentFile gives it, PORT and DATA_DIR as the unit adds them.
  const serverEnv = Object.fromEntries(
    readFileSync(conf('rfid.env'), 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z_][A-Z0-9_]*=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  const main = path.join(root, 'apps/server/dist/main.js');
  const servers = ports.servers.map((port) => {
    const dataDir = path.join(folders.servers, String(port));
    mkdirSync(dataDir, { recursive: true });
    return start(`server-${port}`, process.execPath, [main], {
      AMQP_URL: '',
      ...serverEnv,
      PORT: String(port),
      DATA_DIR: dataDir,
    });
  });
  await Promise.all(
    servers.map((child, i) =>
      waitFor(
        `server on ${ports.servers[i]} ready`,
        () => answers(`http://${host}:${ports.servers[i]}/api/health/ready`),
        240_000,
        child,
      ),
    ),
  );
  console.log(`${procs} server processes ready on ${ports.servers.join(', ')}`);

  const check = spawnSync('haproxy', ['-c', '-q', '-f', conf('haproxy.cfg')], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`HAProxy refused its configuration: ${check.stdout}${check.stderr}`);
  const haproxy = start('haproxy', 'haproxy', ['-db', '-f', conf('haproxy.cfg')]);
  await waitFor('HAProxy', () => answers(`http://${host}:${ports.front}/api/health`), 30_000, haproxy);
  console.log(`HAProxy on ${host}:${ports.front}`);

  const prometheus = start('prometheus', 'prometheus', [
    `--config.file=${conf('prometheus.yml')}`,
    `--storage.tsdb.path=${folders.prometheus}`,
    `--web.listen-address=${host}:${ports.prometheus}`,
    '--storage.tsdb.retention.time=15d',
  ]);
  await waitFor('Prometheus', () => answers(`http://${host}:${ports.prometheus}/-/ready`), 60_000, prometheus);
  console.log(`Prometheus on ${host}:${ports.prometheus}`);
};

let ending;
const end = (code) => {
  ending ??= stopAll().then(() => process.exit(code));
  return ending;
};
process.on('SIGINT', () => end(0));
process.on('SIGTERM', () => end(0));
try {
  record();
  await up();
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : error}`);
  await end(1);
}
if (!stopping) {
  record(true);
  const u = urls();
  console.log(
    [
      '',
      'Stack ready:',
      `  web app and API   ${u.app}  (HAProxy over ${procs} processes; demo admin@demo.local / demo1234)`,
      `  server processes  ${u.servers.join('  ')}`,
      `  readers' MQTT     ${u.mqtt}`,
      `  database          ${u.database}  (PgBouncer; password in ${secretFile})`,
      `  PostgreSQL        ${u.postgres}`,
      `  Prometheus        ${u.prometheus}`,
      `  HAProxy stats     ${u.haproxyStats}`,
      `  logs              ${folders.log}/, ${folders.pg}/postgresql.log, ${folders.pgbouncer}/pgbouncer.log`,
      '',
      'Ctrl-C stops it (or npm run stack -- --down).',
    ].join('\n'),
  );
}
