import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const SERVER_MAIN = path.join(ROOT, 'apps/server/dist/main.js');

/** The built server (`npm run build`) as a process of a test's own: started, stopped, killed only by the test. */
export type ServerProcess = {
  baseUrl: string;
  /** Everything it printed. */
  output: () => string;
  /** Polls `path` until it answers 200 (and `accept` takes its body). */
  waitFor: (path: string, accept?: (body: unknown) => boolean, timeoutMs?: number) => Promise<unknown>;
  /** kill -9. */
  kill: () => Promise<void>;
  /** SIGSTOP: the process hangs with its sockets open; `resume` sends SIGCONT. */
  pause: () => void;
  resume: () => void;
  /** SIGTERM, as a clean stop; SIGKILL if it is still there after 15 s. */
  stop: () => Promise<void>;
  isRunning: () => boolean;
};

export const startServerProcess = async (env: Record<string, string>): Promise<ServerProcess> => {
  const port = await freePort();
  const child: ChildProcess = spawn('node', [SERVER_MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rfid-server-')),
      WEB_DIST: path.join(tmpdir(), 'rfid-no-web-dist'),
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      DATABASE_URL: '',
      MQTT_URL: '',
      AMQP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (data) => {
      log = (log + data).slice(-200_000);
    });
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return {
    baseUrl,
    output: () => log,
    isRunning: () => child.exitCode === null && child.signalCode === null,
    waitFor: async (route, accept = () => true, timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs;
      let last = '';
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${log.slice(-3_000)}`);
        try {
          const response = await fetch(`${baseUrl}${route}`);
          const body: unknown = await response.json().catch(() => null);
          last = `${response.status} ${JSON.stringify(body)}`;
          if (response.ok && accept(body)) return body;
        } catch (error) {
          last = String(error);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(
        `${baseUrl}${route} did not answer as expected within ${timeoutMs} ms (last: ${last}): ${log.slice(-3_000)}`,
      );
    },
    kill: () => signal('SIGKILL'),
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    stop: async () => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await signal('SIGTERM');
      clearTimeout(timer);
    },
  };
};
