import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.js';

/**
 * An embedded database made at build time, migrated and empty (issue 15, item 6: start-up). A first start on an empty
 * data folder loads it (under a second) instead of creating a PGlite cluster (about five seconds); the migrations made
 * after the build and the demo seed then run as on any start. The seed is not in it: the demo's dates are relative to
 * the day it is loaded.
 */
export const PREBUILT_FILE = fileURLToPath(new URL('../../dist/pgdata-migrated.tar.gz', import.meta.url));

/** Whether PGlite's folder (`<DATA_DIR>/pgdata`) holds no database: missing or empty. */
export const holdsNoDatabase = (pgdata: string): boolean => !existsSync(pgdata) || readdirSync(pgdata).length === 0;

/** The prebuilt database for a data folder that holds no database yet, or undefined (no build, or a database there). */
export const prebuiltFor = (pgdata: string, file = PREBUILT_FILE): Blob | undefined => {
  if (!holdsNoDatabase(pgdata)) return undefined;
  if (!existsSync(file)) return undefined;
  return new Blob([readFileSync(file)]);
};

/** Writes the prebuilt database: a migrated in-memory PGlite's data folder, gzipped (`npm run build`). */
export const writePrebuilt = async (database: Database, file = PREBUILT_FILE): Promise<void> => {
  await database.migrate();
  if (!database.dumpDataDir) throw new Error('The prebuilt database is a PGlite one');
  writeFileSync(file, Buffer.from(await (await database.dumpDataDir('gzip')).arrayBuffer()));
};
