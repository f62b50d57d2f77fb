import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './ports.js';

const run = promisify(execFile);

/** Debian's PostgreSQL binaries, the newest version installed (PG_BIN overrides); undefined when there are none. */
export const pgBinaries = ((): string | undefined => {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv) return existsSync(path.join(fromEnv, 'pg_ctl')) ? fromEnv : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter(
      (version) => existsSync(path.join(root, version, 'bin', 'initdb')) && existsSync(path.join(root, version, 'bin', 'pg_ctl')),
    )
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
})();

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user (runuser). */
const isRoot = process.getuid?.() === 0;

const postgresIds = async (): Promise<{ uid: number; gid: number }> => {
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
};

export type PgCluster = {
  port: number;
  /** The URL of database `name` (user postgres, trust). */
  url: (name?: string) => string;
  start: () => Promise<void>;
  /** Stops it; `immediate` is a crash (no checkpoint), as a killed server. */
  stop: (mode?: 'fast' | 'immediate') => Promise<void>;
  /** Runs one statement on database `name` (`postgres` by default). */
  query: (text: string, name?: string) => Promise<pg.QueryResult>;
  /** Stops it and removes its folder. */
  destroy: () => Promise<void>;
};

/**
 * A PostgreSQL cluster of the test's own (initdb in a temporary folder, a free port on 127.0.0.1, trust), stopped and
 * started at will: the server restarts for real, as a DBA's restart does. It never touches the machine's own server.
 * Created stopped. Needs `pgBinaries`.
 */
export const createPgCluster = async (): Promise<PgCluster> => {
  const bin = pgBinaries;
  if (!bin) throw new Error('No PostgreSQL binaries (set PG_BIN)');
  const dir = mkdtempSync(path.join(tmpdir(), 'rfid-pgcluster-'));
  const ids = isRoot ? await postgresIds() : undefined;
  if (ids) chownSync(dir, ids.uid, ids.gid);
  const data = path.join(dir, 'data');
  const pgCommand = (command: string, args: string[]) =>
    isRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]) : run(path.join(bin, command), args);
  await pgCommand('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  let running = false;
  const url = (name = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${name}`;
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    if (!running) return;
    await pgCommand('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
    running = false;
  };
  return {
    port,
    url,
    start: async () => {
      if (running) return;
      await pgCommand('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']);
      running = true;
    },
    stop,
    query: async (text, name) => {
      const client = new pg.Client({ connectionString: url(name) });
      await client.connect();
      try {
        return await client.query(text);
      } finally {
        await client.end();
      }
    },
    destroy: async () => {
      await stop('immediate').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
