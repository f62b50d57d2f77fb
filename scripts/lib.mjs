import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, statSync, utimesSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command to its end; its output goes to ours, or to the file `log`. Resolves with its exit code. */
export const run = (command, args, { env = {}, cwd = root, log } = {}) =>
  new Promise((resolve) => {
    const fd = log ? openSync(log, 'w') : undefined;
    const stdio = fd === undefined ? 'inherit' : ['ignore', fd, fd];
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio });
    child.on('exit', (code) => {
      if (fd !== undefined) closeSync(fd);
      resolve(code ?? 1);
    });
  });

export const canConnect = (host, port, timeoutMs = 1000) =>
  new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.on('connect', () => done(true));
    socket.on('error', () => done(false));
  });

const newest = (dir) => {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
};

const sources = [
  'packages/contract/src',
  'packages/epc/src',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/web/src',
  'apps/web/index.html',
  'tools/simulator/src',
];
const outputs = ['apps/server/dist/main.js', 'apps/server/dist/pgdata-migrated.tar.gz', 'apps/web/dist/index.html'];

/** Whether every output exists and is newer than every source file. */
const isBuilt = (outputList, sourceList) => {
  const outputTimes = outputList.map((o) => (existsSync(path.join(root, o)) ? statSync(path.join(root, o)).mtimeMs : 0));
  const sourceTime = Math.max(
    ...sourceList.map((s) => {
      const full = path.join(root, s);
      if (!existsSync(full)) return 0;
      return statSync(full).isDirectory() ? newest(full) : statSync(full).mtimeMs;
    }),
  );
  return Math.min(...outputTimes) > sourceTime;
};

/** Builds when an output is missing or older than any source file. */
export const buildIfNeeded = async () => {
  if (isBuilt(outputs, sources)) return 0;
  console.log('Building…');
  return run('npm', ['run', 'build']);
};

/** Builds the server alone (tsc, no web app) when its build is missing or older than its sources: the backup command. */
export const buildServerIfNeeded = async () => {
  const output = 'apps/server/dist/backup-cli.js';
  const serverSources = ['packages/contract/src', 'packages/epc/src', 'packages/llrp/src', 'apps/server/src'];
  if (isBuilt([output], serverSources)) return 0;
  console.error('Building the server…');
  const code = await run('npx', ['tsc', '-b', 'apps/server']);
  // tsc leaves an output it did not need to write as it was (a test file changed): mark the build as of now.
  if (code === 0) {
    const now = new Date();
    utimesSync(path.join(root, output), now, now);
  }
  return code;
};
