import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The built server on an empty data folder (the demo data), on `port` or a free-looking port of the benches' range, for
 * the web benches (web.ts, web-profile.ts), serving the web build in `webDist` (default: the server's, apps/web/dist).
 * `ready` waits up to 120 s for /api/health; `stop` ends it and removes the folder.
 */
export const startBenchServer = (root: string, port = 4900 + Math.floor(Math.random() * 90), webDist?: string) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rfid-bench-web-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn('node', ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      MQTT_URL: '',
      LOG_LEVEL: 'warn',
      ...(webDist ? { WEB_DIST: webDist } : {}),
    },
    stdio: 'ignore',
  });
  return {
    baseURL,
    async ready(): Promise<void> {
      for (const deadline = Date.now() + 120_000; ; ) {
        if (Date.now() > deadline) throw new Error(`the server on ${baseURL} did not answer /api/health in 120 s`);
        const up = await fetch(`${baseURL}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
        if (up) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async stop(): Promise<void> {
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((resolve) => server.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
