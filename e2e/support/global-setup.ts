import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;

/** Starts the built product once, on a fresh embedded database with the demo data. */
export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../..');
  dataDir = mkdtempSync(path.join(tmpdir(), 'rfid-e2e-'));
  const port = 4100 + Math.floor(Math.random() * 800);
  server = spawn('node', ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      MQTT_URL: '',
      PRINTER_ALLOW_LOOPBACK: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  project.provide('baseUrl', baseUrl);
  return async () => {
    server?.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
