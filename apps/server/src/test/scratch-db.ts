import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new database `<prefix>_<random>` on the PostgreSQL server at `serverUrl` (a copy of `template` when given):
 * its URL, and `drop` to remove it (open connections are closed). For the tests and the fuzzer.
 */
export const createScratchDatabase = async (
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> => {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  // A scratch database is thrown away at the end: its commits need not wait for the disk.
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
};
