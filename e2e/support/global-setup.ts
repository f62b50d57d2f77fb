import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../apps/server/src/test/ports';
import { e2eWorkers } from '../workers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server a worker: worker N (VITEST_POOL_ID) uses baseUrls[N - 1]. */
    baseUrls: string[];
  }
}

type Server = { process: ChildProcess; dataDir: string; baseUrl: string };

/** Starts the built product on a fresh embedded database with the demo data, on a free port. */
const startServer = async (root: string, index: number): Promise<Server> => {
  const dataDir = mkdtempSync(path.join(tmpdir(), `rfid-e2e-${index}-`));
  // Taken from the system: a fixed range met RabbitMQ's epmd (4369) on one machine.
  const port = await freePort();
  const child = spawn('node', ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      MQTT_URL: '',
      PRINTER_ALLOW_LOOPBACK: '1',
      // The webhooks journey's receiver listens on 127.0.0.1; its failures end after two quick attempts.
      WEBHOOK_ALLOW_LOOPBACK: '1',
      WEBHOOK_POLL_MS: '200',
      WEBHOOK_MAX_ATTEMPTS: '2',
      WEBHOOK_RETRY_BASE_MS: '200',
      // Three browsers and three servers share the machine (load 10-15 on 2 cores): a request waiting half a second for
      // its turn (the default) was refused with 503 there (a brand dashboard's statistics, 2026-12-02), which the route
      // walks count as a server error; the event loop's bound (2 s) likewise. The journeys test the screens; load
      // shedding has its own tests (apps/server/src/http/load-shedding.api.test.ts, the chaos suite), and the web waits
      // out a short 503 (apps/web/src/lib/load-retry.ts).
      MAX_QUEUE_WAIT_MS: '10000',
      MAX_EVENT_LOOP_DELAY_MS: '10000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return { process: child, dataDir, baseUrl: `http://127.0.0.1:${port}` };
};

const waitHealthy = async ({ baseUrl, process: child }: Server): Promise<void> => {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The e2e server on ${baseUrl} exited (${child.exitCode}).`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`The e2e server on ${baseUrl} did not answer /api/health in 120 s.`);
};

/**
 * One server for each worker, each on its own data folder: journeys of different files never see
 * each other's orders, and files run side by side (most of a journey's time is waiting on the page).
 */
export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../..');
  const servers = await Promise.all(Array.from({ length: e2eWorkers }, (_, index) => startServer(root, index)));
  const stop = async () => {
    for (const server of servers) server.process.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const server of servers) rmSync(server.dataDir, { recursive: true, force: true });
  };
  try {
    await Promise.all(servers.map(waitHealthy));
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide(
    'baseUrls',
    servers.map((server) => server.baseUrl),
  );
  return stop;
}
