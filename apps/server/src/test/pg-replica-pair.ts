import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { vi } from 'vitest';
import { freePort } from './ports.js';

const run = promisify(execFile);

/** PostgreSQL 15's server binaries (PG_BIN overrides): the read-replica test needs initdb, pg_ctl and pg_basebackup. */
export const pg15Binaries = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
export const hasPg15Binaries = ['initdb', 'pg_ctl', 'pg_basebackup'].every((tool) => existsSync(path.join(pg15Binaries, tool)));

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user (runuser). */
const isRoot = process.getuid?.() === 0;

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** A free port: in TEST_PG_PORTS (`first-last`) when set (helpers sharing a machine), else one the system picks. */
const pickPort = async (taken: number[]): Promise<number> => {
  const range = /^(\d+)-(\d+)$/.exec(process.env.TEST_PG_PORTS ?? '');
  if (!range) return freePort();
  for (let port = Number(range[1]); port <= Number(range[2]); port++) {
    if (!taken.includes(port) && (await isFree(port))) return port;
  }
  throw new Error(`no free port in TEST_PG_PORTS=${process.env.TEST_PG_PORTS}`);
};

export type Server = {
  port: number;
  url: (name?: string) => string;
  /** One statement on database `name` (`postgres` by default), on a connection of its own. */
  query: <R extends pg.QueryResultRow = Record<string, unknown>>(text: string, name?: string) => Promise<R[]>;
  stop: () => Promise<void>;
};

export type ReplicaPair = { primary: Server; standby: Server; destroy: () => Promise<void> };

/**
 * Two PostgreSQL clusters of the test's own, under a new folder of TMPDIR on ports of their own: a primary (initdb,
 * wal_level=replica) and a streaming standby of it (`pg_basebackup -R`), both started; it answers once the primary
 * sees the standby streaming. `destroy` stops only these two (immediate) and removes their folder. Needs
 * `hasPg15Binaries`.
 */
export const createReplicaPair = async (): Promise<ReplicaPair> => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rfid-replica-'));
  const ids = isRoot
    ? await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]).then(([u, g]) => ({
        uid: Number(u.stdout.trim()),
        gid: Number(g.stdout.trim()),
      }))
    : undefined;
  if (ids) chownSync(dir, ids.uid, ids.gid);
  const pgCommand = (command: string, args: string[]) =>
    isRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(pg15Binaries, command), ...args])
      : run(path.join(pg15Binaries, command), args);
  const started = new Set<string>();
  const server = (data: string, port: number): Server => {
    const url = (name = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${name}`;
    return {
      port,
      url,
      query: async <R extends pg.QueryResultRow>(text: string, name?: string) => {
        const client = new pg.Client({ connectionString: url(name), connectionTimeoutMillis: 5_000 });
        await client.connect();
        try {
          return (await client.query<R>(text)).rows;
        } finally {
          await client.end();
        }
      },
      stop: async () => {
        if (!started.has(data)) return;
        await pgCommand('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
        started.delete(data);
      },
    };
  };
  const start = async (data: string, port: number, extra: string[]) => {
    const options = [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', '-c fsync=off', ...extra].join(' ');
    await pgCommand('pg_ctl', ['-D', data, '-o', options, '-l', `${data}.log`, '-w', 'start']);
    started.add(data);
  };
  const destroy = async () => {
    for (const data of [...started]) {
      await pgCommand('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      started.delete(data);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const primaryData = path.join(dir, 'primary');
    const standbyData = path.join(dir, 'standby');
    await pgCommand('initdb', [
      '-D',
      primaryData,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
      '--no-instructions',
    ]);
    const primaryPort = await pickPort([]);
    await start(primaryData, primaryPort, ['-c wal_level=replica', '-c max_wal_senders=4']);
    const primary = server(primaryData, primaryPort);
    // The standby: a base backup of the primary with its connection (-R: standby.signal and primary_conninfo).
    mkdirSync(standbyData, { mode: 0o700 });
    if (ids) chownSync(standbyData, ids.uid, ids.gid);
    await pgCommand('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      standbyData,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ]);
    const standbyPort = await pickPort([primaryPort]);
    await start(standbyData, standbyPort, ['-c hot_standby=on']);
    const standby = server(standbyData, standbyPort);
    // Streaming, as the primary sees it: its WAL sender to the standby is in state `streaming`.
    await vi.waitFor(
      async () => {
        const [row] = await primary.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_replication where state = 'streaming'",
        );
        if (!row || row.n === 0) throw new Error('the standby does not stream yet');
      },
      { timeout: 15_000, interval: 50 },
    );
    return { primary, standby, destroy };
  } catch (error) {
    await destroy();
    throw error;
  }
};
