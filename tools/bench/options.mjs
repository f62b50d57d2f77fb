// The command-line options the benchmarks share, and where their PostgreSQL server is.
import pg from 'pg';

/** Options of every benchmark: --quick, --only, --pg URL; the HTTP ones also take --calls N and --keep. */
export const benchOptions = {
  quick: { type: 'boolean' },
  only: { type: 'string' },
  pg: { type: 'string' },
};
export const httpBenchOptions = { ...benchOptions, calls: { type: 'string' }, keep: { type: 'boolean' } };

/** The PostgreSQL server: --pg, else $BENCH_DATABASE_URL, else the local one. */
export const pgUrlOf = (pg) => pg ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of the database `name` on the PostgreSQL server at `pgUrl`. */
export const databaseUrlOf = (pgUrl, name) => {
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Drops a benchmark's database `name` on the PostgreSQL server at `pgUrl`, closing its sessions. */
export const dropDatabase = async (pgUrl, name) => {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
};
