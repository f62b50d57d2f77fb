// The command-line options the benchmarks share, and where their PostgreSQL server is.

/** Options of every benchmark: --quick, --only, --pg URL; the HTTP ones also take --calls N and --keep. */
export const benchOptions = {
  quick: { type: 'boolean' },
  only: { type: 'string' },
  pg: { type: 'string' },
};
export const httpBenchOptions = { ...benchOptions, calls: { type: 'string' }, keep: { type: 'boolean' } };

/** The PostgreSQL server: --pg, else $BENCH_DATABASE_URL, else the local one. */
export const pgUrlOf = (pg) => pg ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
