import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from './ports.js';

/**
 * Brokers of a test's own, on free ports with their own data folders (never the machine's), that the test may
 * restart or kill: Mosquitto with persistence on, RabbitMQ with its MQTT plugin. Only the processes started here are
 * stopped.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const canConnect = (port: number, timeoutMs = 300): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (isOpen: boolean) => {
      socket.destroy();
      resolve(isOpen);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });

const waitForPort = async (port: number, child: ChildProcess, output: () => string, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await canConnect(port))) {
    if (child.exitCode !== null) throw new Error(`the broker exited (${child.exitCode}): ${output()}`);
    if (Date.now() > deadline) throw new Error(`the broker did not listen on ${port} within ${timeoutMs} ms: ${output()}`);
    await sleep(100);
  }
};

const exitOf = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });

export const hasCommand = (command: string): boolean => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

export type TestBroker = {
  /** What the readers connect to. */
  mqttUrl: string;
  /** RabbitMQ: what the server connects to. */
  amqpUrl?: string;
  /** A clean stop (its persistence written) and a start on the same folder and ports. */
  restart: () => Promise<void>;
  /** kill -9, then a start on the same folder and ports. */
  crash: () => Promise<void>;
  stop: () => Promise<void>;
  output: () => string;
};

/** What runs one broker process: `start` it on its folder and ports, `stop` it with a signal (until it exits). */
type BrokerProcess = {
  start: () => Promise<void>;
  stop: (signal: NodeJS.Signals) => Promise<void>;
  output: () => string;
  /** Checks what a clean stop must have left in the folder, before the restart starts it again. */
  afterCleanStop?: () => void;
};

/** A broker's restart, crash and stop over its process; the stop removes its folder `dir`. */
const brokerControls = (
  dir: string,
  { start, stop, output, afterCleanStop }: BrokerProcess,
): Pick<TestBroker, 'restart' | 'crash' | 'stop' | 'output'> => ({
  restart: async () => {
    await stop('SIGTERM');
    afterCleanStop?.();
    await start();
  },
  crash: async () => {
    await stop('SIGKILL');
    await start();
  },
  stop: async () => {
    await stop('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  },
  output,
});

/**
 * Mosquitto with `persistence true` in a folder it can write: run as root, Mosquitto drops to its own user, and a
 * folder it may not write hides the broker-restart fault (sessions come back clean), so the folder is given to it.
 */
/** `track`: told of every broker process started, with a way to kill it now (the chaos suite's cleanup on Ctrl+C). */
export type BrokerOptions = { track?: (killNow: () => void) => void };

export const startMosquitto = async ({ track }: BrokerOptions = {}): Promise<TestBroker> => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rfid-mosquitto-'));
  const port = await freePort();
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence true',
      `persistence_location ${dir}/`,
      'autosave_interval 1',
      // Sessions of offline server processes keep their reads: no small cap that would drop them (docs/brokers.md).
      'max_queued_messages 1000000',
      'max_inflight_messages 100',
      'set_tcp_nodelay true',
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      '',
    ].join('\n'),
  );
  if (userInfo().uid === 0) {
    try {
      const uid = Number(execFileSync('id', ['-u', 'mosquitto'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'mosquitto'], { encoding: 'utf8' }).trim());
      chownSync(dir, uid, gid);
    } catch {
      // No mosquitto user: Mosquitto stays root and can write the folder.
    }
  }
  let child: ChildProcess;
  let log = '';
  const start = async () => {
    child = spawn('mosquitto', ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
    const started = child;
    track?.(() => started.kill('SIGKILL'));
    child.stderr?.on('data', (data) => {
      log = (log + data).slice(-4_000);
    });
    await waitForPort(port, child, () => log, 10_000);
  };
  const stop = async (signal: NodeJS.Signals) => {
    child.kill(signal);
    await exitOf(child);
  };
  await start();
  return {
    mqttUrl: `mqtt://127.0.0.1:${port}`,
    ...brokerControls(dir, {
      start,
      stop,
      output: () => log,
      afterCleanStop: () => {
        if (!existsSync(path.join(dir, 'mosquitto.db'))) throw new Error(`Mosquitto wrote no persistence in ${dir}: ${log}`);
      },
    }),
  };
};

/** Where Debian's package puts RabbitMQ's own scripts (the ones in /usr/sbin switch to the rabbitmq user). */
const RABBITMQ_SERVER = '/usr/lib/rabbitmq/bin/rabbitmq-server';
export const hasRabbitMq = (): boolean => existsSync(RABBITMQ_SERVER);

/**
 * A RabbitMQ node of its own (name, ports, data and log folders) with the MQTT plugin: the readers publish MQTT 3.1.1
 * to it, the server consumes AMQP. It takes 10–20 s to start.
 */
export const startRabbitMq = async ({ track }: BrokerOptions = {}): Promise<TestBroker> => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rfid-rabbitmq-'));
  const [amqpPort, mqttPort, distPort] = [await freePort(), await freePort(), await freePort()];
  const node = `rfidtest${amqpPort}@localhost`;
  writeFileSync(
    path.join(dir, 'rabbitmq.conf'),
    [
      `listeners.tcp.default = ${amqpPort}`,
      `mqtt.listeners.tcp.default = ${mqttPort}`,
      'mqtt.allow_anonymous = true',
      'loopback_users = none',
      '',
    ].join('\n'),
  );
  writeFileSync(path.join(dir, 'enabled_plugins'), '[rabbitmq_mqtt].\n');
  mkdirSync(path.join(dir, 'home'));
  const env = {
    ...process.env,
    HOME: path.join(dir, 'home'),
    RABBITMQ_NODENAME: node,
    RABBITMQ_NODE_PORT: String(amqpPort),
    RABBITMQ_DIST_PORT: String(distPort),
    RABBITMQ_MNESIA_BASE: path.join(dir, 'mnesia'),
    RABBITMQ_LOG_BASE: path.join(dir, 'log'),
    RABBITMQ_ENABLED_PLUGINS_FILE: path.join(dir, 'enabled_plugins'),
    RABBITMQ_CONFIG_FILE: path.join(dir, 'rabbitmq'),
    RABBITMQ_PID_FILE: path.join(dir, 'pid'),
    RABBITMQ_PLUGINS_EXPAND_DIR: path.join(dir, 'plugins'),
  };
  let child: ChildProcess;
  let log = '';
  const start = async () => {
    // Its own process group: kill -9 reaches the Erlang VM, not only the shell script in front of it.
    child = spawn(RABBITMQ_SERVER, [], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const group = child.pid;
    track?.(() => {
      try {
        if (group !== undefined) process.kill(-group, 'SIGKILL');
      } catch {
        // Already gone.
      }
    });
    for (const stream of [child.stdout, child.stderr]) {
      stream?.on('data', (data) => {
        log = (log + data).slice(-4_000);
      });
    }
    // The MQTT listener opens last, once the node runs.
    await waitForPort(mqttPort, child, () => log, 60_000);
  };
  const signalGroup = async (signal: NodeJS.Signals) => {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // Already gone.
      }
    }
    await exitOf(child);
    // epmd keeps the node's name a moment after its VM is gone.
    const deadline = Date.now() + 10_000;
    while ((await canConnect(amqpPort)) && Date.now() < deadline) await sleep(100);
  };
  await start();
  return {
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    amqpUrl: `amqp://guest:guest@127.0.0.1:${amqpPort}`,
    ...brokerControls(dir, { start, stop: signalGroup, output: () => log }),
  };
};
