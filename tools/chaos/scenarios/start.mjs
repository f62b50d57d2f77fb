// Starting: several processes at once on an empty PostgreSQL database (migrations and the demo
// seed once), and a second process on a PGlite folder that one already serves (it must refuse).
import path from 'node:path';
import { pgQuery, root, sleep, whyStopped } from '../lib/infra.mjs';
import { resultRow } from '../lib/reads.mjs';

/** Tables whose rows depend on the moment or on the sessions, not on the demo data. */
const VOLATILE = new Set([
  'api_tokens',
  'session_activity',
  'login_challenges',
  'known_clients',
  'audit_log',
  'audit_anchor',
  'stock_daily',
  'export_jobs',
  'login_attempts',
  'broker_sessions',
]);

/** Row counts of every table (and of the migrations journal): what "the demo is complete" is checked on. */
export const tableCounts = async (dbUrl) => {
  const { rows } = await pgQuery(
    dbUrl,
    `select table_schema, table_name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1, 2`,
  );
  const counts = {};
  for (const { table_schema: schema, table_name: name } of rows) {
    if (VOLATILE.has(name)) continue;
    counts[`${schema === 'public' ? '' : `${schema}.`}${name}`] = Number(
      (await pgQuery(dbUrl, `select count(*)::int as n from "${schema}"."${name}"`)).rows[0].n,
    );
  }
  return counts;
};

/** The demo's own numbers (apps/server/src/db/seed/demo-data.ts) for the tables a double seed would show first. */
const demoCounts = async () => {
  const demo = await import(path.join(root, 'apps/server/dist/db/seed/demo-data.js'));
  return {
    companies: 1,
    brands: demo.demoBrands.length,
    locations: demo.demoLocations.length,
    providers: demo.demoProviders.length,
    users: demo.demoUsers.length,
    devices: demo.demoDevices.length,
    item_types: demo.buildDemoItemTypes().length,
  };
};

export const firstStart = {
  name: 'first-start',
  title: 'N processes started at once on an empty database: all come up, migrations and demo seed once',
  timeoutMs: { short: 150_000, full: 180_000 },
  async run(ctx) {
    const cluster = await ctx.cluster({ database: 'empty', broker: false });
    const results = await Promise.allSettled(cluster.servers.map((s) => s.start({ timeoutMs: 150_000 })));
    const up = results.filter((r) => r.status === 'fulfilled').length;
    const startProblems = [];
    for (const [i, r] of results.entries()) {
      if (r.status === 'rejected') {
        startProblems.push(`server ${i + 1} did not come up: ${String(r.reason?.message ?? r.reason).slice(0, 400)}`);
      }
    }
    await cluster.stopAll(15_000);
    const counts = await tableCounts(cluster.db.url);
    const demo = await demoCounts();
    // Every table against a database seeded by one process, when this run has one; the demo's own numbers always.
    const reference = ctx.reference() ?? {};
    const dataProblems = [];
    const differences = [];
    for (const [name, want] of Object.entries(demo)) {
      if (counts[name] !== want) differences.push(`${name} ${counts[name]} (demo ${want})`);
    }
    let same = 0;
    let more = 0;
    let fewer = 0;
    const names = new Set([...Object.keys(reference), ...Object.keys(demo)]);
    for (const name of names) {
      const want = reference[name] ?? demo[name];
      const got = counts[name] ?? 0;
      if (got === want) same += 1;
      else {
        if (got > want) more += 1;
        else fewer += 1;
        if (!(name in demo)) differences.push(`${name} ${got} (one process: ${want})`);
      }
    }
    if (differences.length) {
      dataProblems.push(
        `tables differ from the demo: ${differences.slice(0, 6).join(', ')}${differences.length > 6 ? ' …' : ''}`,
      );
    }
    const isGood = up === cluster.n && dataProblems.length === 0;
    // A good first start is the demo the other scenarios copy (no second seed needed).
    const isTemplate = isGood && ctx.offerTemplate(cluster, counts);
    return [
      resultRow(ctx, {
        path: 'processes up',
        unit: 'processes',
        sent: cluster.n,
        acked: up,
        once: up,
        doubled: 0,
        lost: cluster.n - up,
        problems: startProblems,
        notes: [],
      }),
      resultRow(ctx, {
        path: 'demo data',
        unit: 'tables',
        sent: names.size,
        once: same,
        doubled: more,
        lost: fewer,
        problems: dataProblems,
        notes: [
          Object.keys(demo)
            .map((t) => `${t} ${counts[t]}/${demo[t]}`)
            .join(', '),
          Object.keys(reference).length ? 'every table compared with a one-process start' : "the demo's own counts",
          ...(isTemplate ? ['kept as the demo the other scenarios copy'] : []),
        ],
      }),
    ];
  },
};

export const pgliteLock = {
  name: 'pglite-lock',
  title: 'a PGlite data folder serves one process: others refuse to start (non-zero exit, clear message)',
  timeoutMs: { short: 90_000, full: 150_000 },
  async run(ctx) {
    // No demo (SEED_DEMO=false): the lock is what is tested, and PGlite seeds slowly.
    const cluster = await ctx.cluster({ database: 'none', broker: false, proxy: false, env: { SEED_DEMO: 'false' } });
    const problems = [];
    const notes = [];
    const row = (values) =>
      resultRow(ctx, { path: 'one PGlite folder', unit: 'processes', sent: cluster.n, problems, notes, ...values });
    if (cluster.n === 1) {
      // One process: after kill -9 its lock is stale, and it must start again on its own folder.
      const [only] = cluster.servers;
      await only.start({ timeoutMs: 120_000 });
      await only.kill();
      let restarted = 0;
      try {
        await only.start({ timeoutMs: 120_000 });
        restarted = 1;
        notes.push('started again after kill -9 (its stale lock taken over)');
      } catch (error) {
        problems.push(`did not start again after kill -9: ${String(error.message).slice(0, 400)}`);
      }
      await cluster.stopAll(20_000);
      return [row({ acked: restarted, once: restarted, doubled: 0, lost: 1 - restarted })];
    }
    // N processes on one folder, 1.5 s apart: the first is still opening or migrating when the others come.
    for (const [i, server] of cluster.servers.entries()) {
      if (i > 0) await sleep(1_500);
      await server.start({ wait: false, expectExit: true });
    }
    const deadline = Date.now() + 60_000;
    while (cluster.servers.filter((s) => s.isRunning).length > 1 && Date.now() < deadline && !ctx.isAborted()) await sleep(200);
    const running = cluster.servers.filter((s) => s.isRunning);
    let refused = 0;
    for (const server of cluster.servers.filter((s) => !s.isRunning)) {
      if (server.lastExit?.code === 0) problems.push(`server ${server.n} exited with code 0`);
      else {
        refused += 1;
        notes.push(
          `server ${server.n}: exit ${server.lastExit?.code ?? server.lastExit?.signal}: ${whyStopped(server.output()).slice(0, 200)}`,
        );
      }
    }
    if (running.length > 1) problems.push(`${running.length} processes still running on one folder after 60 s`);
    if (running.length === 0) problems.push('no process kept the folder');
    let serving = running.length;
    if (running.length === 1 && !ctx.short) {
      // The one left comes up and serves.
      try {
        await running[0].waitHealthy(120_000);
        notes.push(`server ${running[0].n} serves`);
      } catch (error) {
        serving = 0;
        problems.push(`the process left did not come up: ${String(error.message).slice(0, 300)}`);
      }
    }
    await cluster.stopAll(20_000);
    return [row({ acked: serving, once: refused, doubled: Math.max(0, running.length - 1), lost: 0 })];
  },
};
