// The hand-off between readers and server processes (issue 25): the broker restarted or killed, a process replaced
// under a new name, a process paused for 30 s, RabbitMQ instead of Mosquitto, PostgreSQL restarted while the processes
// start. Reads counted as in the other ingest scenarios: sent, acknowledged, stored once, doubled, lost.

import { hasRabbitMq, pgQuery, sleep, startOwnPostgres } from '../lib/infra.mjs';
import { call, resultRow, scenarioRow, seededRandom, templateScenario } from '../lib/reads.mjs';
import { finish, startIngest, startUnderLoad } from './ingest.mjs';

/** Every process answers /api/health/ready (subscribed, its probe back through the broker) within `timeoutMs`. */
const allReady = async (cluster, timeoutMs = 20_000) => {
  const notReady = [];
  for (const server of cluster.servers) {
    const deadline = Date.now() + timeoutMs;
    let last = { status: 0 };
    while (Date.now() < deadline) {
      last = await call(`${server.base}/api/health/ready`, { timeoutMs: 2_000 });
      if (last.status === 200) break;
      await sleep(250);
    }
    if (last.status !== 200) notReady.push(`server ${server.n} not ready (${last.status}: ${last.text.slice(0, 200)})`);
  }
  return notReady;
};

/** The processes' roles at the broker (their readiness answers): on MQTT exactly one collects the readers' messages. */
const roles = async (cluster) => {
  const found = [];
  for (const server of cluster.servers) {
    const r = await call(`${server.base}/api/health/ready`, { timeoutMs: 2_000 });
    found.push(r.status === 200 ? (r.json().broker?.role ?? 'none') : `not ready (${r.status})`);
  }
  return found;
};

/** The rows of the ingest paths, the readiness of every process after, and the scenario's notes on every row. */
const rowsAfter = async (ctx, cluster, ledgers, notes) => {
  const notReady = await allReady(cluster);
  // On MQTT one process takes the session within a third of a lease after another released it (1 s here): the roles
  // are read until exactly one collects, for up to two leases.
  const isMqtt = Boolean(cluster.broker?.mqttUrl && !cluster.broker.amqpUrl);
  let found = await roles(cluster);
  for (let waited = 0; isMqtt && found.filter((role) => role === 'collector').length !== 1 && waited < 6_000; waited += 250) {
    await sleep(250);
    found = await roles(cluster);
  }
  const collectors = found.filter((role) => role === 'collector').length;
  const rows = await finish(ctx, cluster, ledgers);
  for (const row of rows) row.notes.unshift(...notes, `roles after: ${found.join(', ')}`);
  if (notReady.length) rows[0]?.problems.push(...notReady);
  if (isMqtt && collectors !== 1) {
    rows[0]?.problems.push(`${collectors} processes collect the readers' MQTT messages (one should)`);
  }
  return rows;
};

/* ------------------------------------------------------------------ the broker restarted */

export const brokerRestart = templateScenario(
  'broker-restart',
  'Mosquitto (persistence on) restarted twice under the three ingest paths: every process subscribes again',
  [90_000, 150_000],
  async (ctx) => {
    const duration = ctx.short ? 8_000 : 16_000;
    const { cluster, until, ledgers, running } = await startUnderLoad(ctx, duration, 2100 + ctx.n);
    let restarts = 0;
    for (const at of [0.3, 0.65]) {
      await sleep(duration * (at - (restarts ? 0.3 : 0)));
      if (until() || ctx.isAborted()) break;
      ctx.step('broker restart');
      await cluster.broker.restart();
      restarts += 1;
    }
    await running;
    return rowsAfter(ctx, cluster, ledgers, [`${restarts} broker restarts`]);
  },
);

/* ------------------------------------------------------------------ a process replaced under a new name */

export const processReplaced = templateScenario(
  'process-replaced',
  'processes replaced by new ones on other ports (new names): killed, and a rolling deploy; nothing stranded',
  [90_000, 150_000],
  async (ctx) => {
    const duration = ctx.short ? 16_000 : 22_000;
    const { cluster, ledgers, running } = await startUnderLoad(ctx, duration, 2200 + ctx.n, { spares: 2 });
    const replaced = [];
    await sleep(duration * 0.15);
    ctx.step('replace: kill -9, then a new process');
    await cluster.replace(cluster.servers[0], { how: 'kill' });
    replaced.push('kill -9 then new');
    await sleep(duration * 0.15);
    ctx.step('replace: a new process, then the old one stopped (rolling)');
    await cluster.replace(cluster.servers[cluster.servers.length - 1], { how: 'stop', startFirst: true });
    replaced.push('new then SIGTERM');
    await running;
    return rowsAfter(ctx, cluster, ledgers, [`replaced: ${replaced.join(', ') || 'none'}`]);
  },
);

/* ------------------------------------------------------------------ a process paused for 30 s */

export const sigstop = templateScenario(
  'sigstop',
  'a process paused (SIGSTOP) for 30 s under load, then resumed: its work taken over meanwhile, nothing doubled',
  [120_000, 150_000],
  async (ctx) => {
    const pauseMs = 30_000;
    const duration = pauseMs + (ctx.short ? 6_000 : 12_000);
    const { cluster, until, ledgers, running } = await startUnderLoad(ctx, duration, 2300 + ctx.n);
    await sleep(ctx.short ? 2_000 : 4_000);
    const victim = cluster.servers[0];
    victim.pause();
    await sleep(pauseMs);
    victim.resume();
    while (!until() && !ctx.isAborted()) await sleep(200);
    await running;
    return rowsAfter(ctx, cluster, ledgers, [`server ${victim.n} paused ${pauseMs / 1000} s`]);
  },
);

/* ------------------------------------------------------------------ RabbitMQ: a process and the broker killed */

export const amqpKill = templateScenario(
  'amqp-kill',
  'RabbitMQ (quorum queue; readers on its MQTT plugin): a process killed, then the broker killed (-9) under load',
  [150_000, 180_000],
  async (ctx) => {
    if (!hasRabbitMq()) {
      return [
        scenarioRow(ctx, {
          problems: ['RabbitMQ is not installed (/usr/lib/rabbitmq/bin/rabbitmq-server): apt-get install rabbitmq-server'],
        }),
      ];
    }
    const duration = ctx.short ? 12_000 : 20_000;
    const random = seededRandom(2400 + ctx.n);
    const { cluster, until, ledgers, running } = await startUnderLoad(
      ctx,
      duration,
      2400 + ctx.n,
      { broker: 'rabbitmq' },
      {
        // The processes declared the queue; RabbitMQ 3.10 writes a new quorum queue's registration to disk lazily, and a
        // node killed in its first minutes comes back without it (docs/brokers.md). A clean restart writes it: the
        // queue of a deployment that has run for a while.
        beforeLoad: async (c) => {
          await c.broker.restart();
          const notReady = await allReady(c, 60_000);
          if (notReady.length) throw new Error(notReady.join('; '));
        },
      },
    );
    await sleep(duration * 0.2 + random() * 1_000);
    const victim = cluster.servers[0];
    await victim.kill();
    await sleep(800);
    await victim.start({ timeoutMs: 60_000 });
    await sleep(duration * 0.2);
    if (!until()) {
      ctx.step('broker kill -9');
      await cluster.broker.crash();
    }
    await running;
    return rowsAfter(ctx, cluster, ledgers, ['1 process kill -9', 'broker kill -9 once']);
  },
);

/* ------------------------------------------------------------------ PostgreSQL restarted while the processes start */

export const pgRestartStart = {
  name: 'pg-restart',
  title: 'PostgreSQL of its own restarted while N processes start (migrate, seed), and once more under load',
  usesTemplate: false,
  timeoutMs: { short: 150_000, full: 180_000 },
  async run(ctx) {
    const pg = await startOwnPostgres();
    if (!pg) {
      return [scenarioRow(ctx, { problems: ['PostgreSQL binaries not found under /usr/lib/postgresql/*/bin'] })];
    }
    ctx.onCleanup(() => pg.destroy());
    const name = 'rfid_chaos_own';
    await pgQuery(pg.url, `create database ${name}`);
    const database = { name, url: pg.databaseUrl(name) };
    const cluster = await ctx.cluster({ database, broker: 'mosquitto' });
    // Every process starts on the empty database at once; PostgreSQL restarts twice while they migrate and seed.
    const starting = Promise.allSettled(cluster.servers.map((s) => s.start({ timeoutMs: 120_000 })));
    let restarts = 0;
    for (const delay of [500, 700, 900, 1_200, 1_500]) {
      await sleep(delay);
      ctx.step(`PostgreSQL restart ${restarts + 1}`);
      await pg.restart();
      restarts += 1;
    }
    const started = await starting;
    const startProblems = started
      .map((r, i) =>
        r.status === 'rejected'
          ? `server ${i + 1} did not come up: ${String(r.reason?.message ?? r.reason).slice(0, 300)}`
          : null,
      )
      .filter(Boolean);
    const startRow = resultRow(ctx, {
      path: 'start-up through restarts',
      unit: 'processes',
      sent: cluster.n,
      acked: started.filter((r) => r.status === 'fulfilled').length,
      once: started.filter((r) => r.status === 'fulfilled').length,
      doubled: 0,
      lost: startProblems.length,
      problems: startProblems,
      notes: [`${restarts} PostgreSQL restarts during start-up`],
    });
    if (startProblems.length) return [startRow];
    // Then under the ingest load, PostgreSQL restarted once more (a failover, a minor upgrade).
    const duration = ctx.short ? 6_000 : 12_000;
    const stopAt = Date.now() + duration;
    const untilUnder = () => Date.now() >= stopAt;
    const { ledgers: ledgersUnder, running: runningUnder } = await startIngest(ctx, cluster, {
      until: untilUnder,
      drainDeadline: () => Math.min(stopAt + 30_000, ctx.deadline - 30_000),
      seed: 2500 + ctx.n,
    });
    await sleep(duration * 0.4);
    if (!untilUnder()) {
      await pg.restart();
      restarts += 1;
    }
    await runningUnder;
    const rows = await rowsAfter(ctx, cluster, ledgersUnder, ['PostgreSQL restarted once under load']);
    return [startRow, ...rows];
  },
};
