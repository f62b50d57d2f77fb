import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.js';

/** The built server (`npm run build`), as `npm start` and the journeys run it. */
export const serverMain = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
export const hasServerBuild = existsSync(serverMain);

/** The built server as a process of a test's own: started, paused, stopped and killed only by that test. */
export type ServerProcess = {
  baseUrl: string;
  child: ChildProcess;
  /** Everything it wrote (stdout and stderr), in order. */
  output: () => string;
  /** Its exit code or signal once it ended; null while it runs. */
  ended: () => string | null;
  /** Resolves once its output matches `pattern`; throws if it ends or `ms` pass first. */
  waitFor: (pattern: RegExp, ms?: number) => Promise<void>;
  /** Resolves once GET /api/health answers 200; throws if it ends or `ms` pass first. */
  waitHealthy: (ms?: number) => Promise<void>;
  /** Polls GET `route` until it answers 200 and `accept` takes its JSON body, which it answers. */
  waitForRoute: (route: string, accept?: (body: unknown) => boolean, ms?: number) => Promise<unknown>;
  /** SIGSTOP: the process hangs with its sockets open; `resume` sends SIGCONT. */
  pause: () => void;
  resume: () => void;
  /** kill -9 (its data folder is kept: a restart may use it). */
  kill: () => Promise<void>;
  /** SIGTERM, then SIGKILL after 15 s; removes its data folder. */
  stop: () => Promise<void>;
};

/**
 * Starts `node apps/server/dist/main.js` on a free port with its own data folder, no broker and no web build; `env`
 * adds to (or overrides) that.
 */
export const startServerProcess = async (env: Record<string, string>): Promise<ServerProcess> => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rfid-server-'));
  const child = spawn(process.execPath, [serverMain], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      MQTT_URL: '',
      AMQP_URL: '',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  let endedAs: string | null = null;
  const watchers = new Set<() => void>();
  const changed = () => {
    for (const watcher of watchers) watcher();
  };
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      changed();
    });
  }
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      endedAs = signal ?? String(code);
      changed();
      resolve();
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const tail = () => text.split('\n').slice(-15).join('\n');
  const signal = async (name: NodeJS.Signals) => {
    if (endedAs === null) child.kill(name);
    await exited;
  };
  return {
    baseUrl,
    child,
    output: () => text,
    ended: () => endedAs,
    waitFor: (pattern, ms = 30_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (pattern.test(text)) done();
          else if (endedAs !== null) done(new Error(`The server ended (${endedAs}) before writing ${pattern}:\n${tail()}`));
        };
        const timer = setTimeout(() => done(new Error(`The server did not write ${pattern} in ${ms} ms:\n${tail()}`)), ms);
        const done = (error?: Error) => {
          clearTimeout(timer);
          watchers.delete(check);
          if (error) reject(error);
          else resolve();
        };
        watchers.add(check);
        check();
      }),
    waitHealthy: async (ms = 30_000) => {
      const deadline = Date.now() + ms;
      for (;;) {
        if (endedAs !== null) throw new Error(`The server ended (${endedAs}):\n${tail()}`);
        const status = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
          (response) => response.status,
          () => 0,
        );
        if (status === 200) return;
        if (Date.now() > deadline) throw new Error(`GET /api/health did not answer 200 in ${ms} ms (last ${status}):\n${tail()}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    waitForRoute: async (route, accept = () => true, ms = 60_000) => {
      const deadline = Date.now() + ms;
      let last = '';
      for (;;) {
        if (endedAs !== null) throw new Error(`The server ended (${endedAs}):\n${tail()}`);
        try {
          const response = await fetch(`${baseUrl}${route}`, { signal: AbortSignal.timeout(2_000) });
          const body: unknown = await response.json().catch(() => null);
          last = `${response.status} ${JSON.stringify(body)}`;
          if (response.ok && accept(body)) return body;
        } catch (error) {
          last = String(error);
        }
        if (Date.now() > deadline)
          throw new Error(`GET ${route} did not answer as expected in ${ms} ms (last ${last}):\n${tail()}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    kill: () => signal('SIGKILL'),
    stop: async () => {
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await signal('SIGTERM');
      clearTimeout(killer);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
