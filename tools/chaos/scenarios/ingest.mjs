// Ingest under fire: kill -9 during HTTP sets, HTTP streams and MQTT; MQTT reads queued at the
// broker while every server is down; PostgreSQL connections cut; reads against inventory validation.
import path from 'node:path';
import mqtt from 'mqtt';
import { allowConnections, pgQuery, root, runId, sleep, terminateConnections } from '../lib/infra.mjs';
import {
  answerLabel,
  answersText,
  call,
  demoDeviceKey,
  Ledger,
  ledgerRows,
  purchaseOrderWithReception,
  READERS,
  readingSetBatches,
  resultRow,
  runHttpProducer,
  runMqttProducer,
  seededRandom,
  settle,
  signIn,
  tagSource,
  templateScenario,
  zebraBatches,
} from '../lib/reads.mjs';

export const publisher = (url, name) =>
  mqtt.connectAsync(url, { clientId: `chaos-pub-${runId}-${name}`, clean: true, reconnectPeriod: 500, connectTimeout: 5_000 });

/** Stops the servers cleanly and counts every ledger's reads; a server that would not stop is noted. */
export const finish = async (ctx, cluster, ledgers, { failOnServerErrors = true } = {}) => {
  const settled = await settle({
    base: cluster.url,
    dbUrl: cluster.db.url,
    ledgers,
    deadline: Math.min(ctx.deadline - 15_000, Date.now() + (ctx.short ? 25_000 : 40_000)),
    isAborted: ctx.isAborted,
  });
  const isClean = await cluster.stopAll(15_000);
  const rows = await ledgerRows({ dbUrl: cluster.db.url, ledgers, scenario: ctx.name, n: ctx.n, failOnServerErrors });
  for (const row of rows) {
    if (!settled.settled) row.notes.push('reads still staged at the deadline');
    if (!isClean) row.notes.push('a server did not stop cleanly on SIGTERM (15 s, exit code 0)');
  }
  return rows;
};

/** The three ingest paths at once, each on its own reader, through the proxy and the broker. */
export const startIngest = async (ctx, cluster, { until, drainDeadline, seed }) => {
  const source = tagSource(seed);
  const random = seededRandom(seed + 1);
  const sets = new Ledger('http sets', READERS.tunnel);
  const stream = new Ledger('http stream', READERS.exitPortal);
  const viaMqtt = new Ledger('mqtt stream', READERS.storePortal);
  const client = await publisher(cluster.broker.mqttUrl, `${ctx.name}-${ctx.n}`);
  // A broker restarted or killed: the reader connects again and sends what was not acknowledged (MQTT.js keeps it).
  client.on('error', () => {});
  const running = Promise.all([
    runHttpProducer({
      url: `${cluster.url}/api/readingsets/`,
      key: demoDeviceKey(READERS.tunnel.serial),
      ledger: sets,
      makeBatch: readingSetBatches({ ledger: sets, source, serial: READERS.tunnel.serial, tagsPerSet: 150 }),
      until,
      drainDeadline,
      concurrency: 3,
      isAborted: ctx.isAborted,
    }),
    runHttpProducer({
      url: `${cluster.url}/api/readers/stream/`,
      key: demoDeviceKey(READERS.exitPortal.serial),
      ledger: stream,
      makeBatch: zebraBatches({ ledger: stream, source, tagsPerBatch: 60, random }),
      until,
      drainDeadline,
      concurrency: 2,
      pauseMs: 20,
      isAborted: ctx.isAborted,
    }),
    runMqttProducer({
      client,
      mac: READERS.storePortal.mac,
      ledger: viaMqtt,
      makeBatch: zebraBatches({ ledger: viaMqtt, source, tagsPerBatch: 30, random }),
      until,
      isAborted: ctx.isAborted,
    }),
  ]).finally(() => client.endAsync().catch(() => {}));
  // Awaited later; marked handled now so a failure is reported by the scenario, not by Node.
  running.catch(() => {});
  return { ledgers: [sets, stream, viaMqtt], running };
};

/**
 * A cluster on a copy of the template database, started, under the three ingest paths for `duration` ms;
 * `until()` tells when the load stops. The reads drain up to 30 s after it (while the scenario has time).
 */
export const startUnderLoad = async (ctx, duration, seed, clusterOptions = {}, { beforeLoad } = {}) => {
  const cluster = await ctx.cluster({ database: 'template', ...clusterOptions });
  await cluster.startAll();
  await beforeLoad?.(cluster);
  const stopAt = Date.now() + duration;
  const until = () => Date.now() >= stopAt;
  const drainDeadline = () => Math.min(stopAt + 30_000, ctx.deadline - 30_000);
  const { ledgers, running } = await startIngest(ctx, cluster, { until, drainDeadline, seed });
  return { cluster, until, ledgers, running };
};

/**
 * The victims in turn, at random moments (`pause` ms and up to `spread` more): kill -9, started again a moment later
 * (a supervisor would) without waiting for it, so with several processes more than one can be down at once. A process
 * is a victim once it has served for a second. Once the load is over, every process runs again and the load's promise
 * has settled; then the rows, each noting the kills.
 */
const killInTurnsThenFinish = async (ctx, { cluster, until, ledgers, running }, random, pause, spread) => {
  let kills = 0;
  const restarts = new Set();
  for (let k = 0; !until() && !ctx.isAborted(); k++) {
    await sleep(pause + random() * spread);
    if (until()) break;
    const server = cluster.servers[k % cluster.servers.length];
    if (!server.isRunning || !server.healthyAt || Date.now() - server.healthyAt < 1_000) continue;
    await server.kill();
    kills += 1;
    const restart = sleep(200 + random() * 600)
      .then(() => (server.isRunning ? undefined : server.start({ timeoutMs: 60_000 })))
      .catch(() => {}); // a start that failed is a death (reported); started again below
    restarts.add(restart);
    void restart.finally(() => restarts.delete(restart));
  }
  await Promise.all(restarts);
  for (const server of cluster.servers) if (!server.isRunning) await server.start({ timeoutMs: 60_000 });
  await running;
  const rows = await finish(ctx, cluster, ledgers);
  for (const row of rows) row.notes.unshift(`${kills} kill -9`);
  return rows;
};

/* ------------------------------------------------------------------ kill -9 during ingest */

export const ingestKill = templateScenario(
  'ingest-kill',
  'kill -9 during HTTP sets, HTTP stream and MQTT ingest',
  [90_000, 150_000],
  async (ctx) => {
    const duration = ctx.short ? 6_000 : 15_000;
    const { cluster, until, ledgers, running } = await startUnderLoad(ctx, duration, 1100 + ctx.n);
    const random = seededRandom(77 + ctx.n);
    return killInTurnsThenFinish(ctx, { cluster, until, ledgers, running }, random, 700, 1_100);
  },
);

/* ------------------------------------------------------------------ MQTT reads queued while the servers are down */

export const mqttDown = templateScenario(
  'mqtt-down',
  'MQTT reads published while every server is down (kill -9 or clean stop), stored after they come back',
  [90_000, 120_000],
  async (ctx) => {
    const cluster = await ctx.cluster({ database: 'template' });
    await cluster.startAll();
    const source = tagSource(1200 + ctx.n);
    const random = seededRandom(1300 + ctx.n);
    const client = await publisher(cluster.broker.mqttUrl, `${ctx.name}-${ctx.n}`);
    const ledgers = [];
    try {
      // A first message through every path makes sure each process has its session and subscription at the broker.
      const probe = new Ledger('mqtt probe', READERS.storePortal);
      const probeBatches = zebraBatches({ ledger: probe, source, tagsPerBatch: 10, random });
      for (let i = 0; i < cluster.n * 2; i++) {
        const batch = probeBatches();
        await client.publishAsync(`readers/${READERS.storePortal.mac}/reads`, JSON.stringify(batch.body), { qos: 1 });
        probe.answer('puback');
        probe.ack(batch.reads);
      }
      await settle({
        base: cluster.url,
        dbUrl: cluster.db.url,
        ledgers: [probe],
        deadline: Date.now() + 15_000,
        isAborted: ctx.isAborted,
      });
      ledgers.push(probe);
      const messages = ctx.short ? 25 : 80;
      for (const how of ['kill -9', 'clean stop']) {
        const ledger = new Ledger(`mqtt queued (${how})`, READERS.storePortal);
        ledgers.push(ledger);
        if (how === 'kill -9') await cluster.killAll();
        else await cluster.stopAll(15_000);
        const batches = zebraBatches({ ledger, source, tagsPerBatch: 40, random });
        for (let i = 0; i < messages; i++) {
          const batch = batches();
          await client.publishAsync(`readers/${READERS.storePortal.mac}/reads`, JSON.stringify(batch.body), { qos: 1 }).then(
            () => {
              ledger.answer('puback');
              ledger.ack(batch.reads);
            },
            () => ledger.answer('publish failed'),
          );
        }
        await sleep(500);
        await cluster.startAll({ timeoutMs: 60_000 });
        await settle({
          base: cluster.url,
          dbUrl: cluster.db.url,
          ledgers: [ledger],
          deadline: Date.now() + (ctx.short ? 12_000 : 20_000),
          isAborted: ctx.isAborted,
        });
      }
    } finally {
      await client.endAsync().catch(() => {});
    }
    return finish(ctx, cluster, ledgers);
  },
);

/* ------------------------------------------------------------------ PostgreSQL connections cut */

/** `rfid_db_pool_connections{state}` of a process's `GET /metrics`. */
const poolGauges = async (server) => {
  const { text } = await call(`${server.base}/metrics`, { timeoutMs: 5_000 });
  const value = (state) => {
    const line = text.split('\n').find((l) => l.startsWith('rfid_db_pool_connections{') && l.includes(`state="${state}"`));
    return Number(line?.split(' ').at(-1) ?? Number.NaN);
  };
  return { total: value('total'), idle: value('idle') };
};

/**
 * The pool's connections in use once the load is over: a connection checked out and never given back (drizzle's
 * transaction whose BEGIN failed on a cut connection, before db/transaction-safe-pool.ts) stays in use for good. Asked
 * until none is in use, for up to 10 s (the process's own jobs take one now and then); what is left is the answer.
 */
const leakedClients = async (server) => {
  let inUse = Number.NaN;
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(200)) {
    const { total, idle } = await poolGauges(server);
    inUse = total - idle;
    if (inUse === 0) return 0;
  }
  return Number.isNaN(inUse) ? 1 : inUse;
};

export const pgCut = templateScenario(
  'pg-cut',
  'PostgreSQL connections cut under load (pg_terminate_backend), and the database away for a while',
  [90_000, 150_000],
  async (ctx) => {
    const duration = ctx.short ? 6_000 : 14_000;
    const { cluster, until, ledgers, running } = await startUnderLoad(ctx, duration, 1400 + ctx.n);
    const dbName = cluster.db.name;
    let cuts = 0;
    let connectionsCut = 0;
    const health = {};
    let isAway = false;
    try {
      await sleep(800);
      const outageAt = Date.now() + duration * 0.35;
      while (!until() && !ctx.isAborted()) {
        if (!isAway && Date.now() >= outageAt) {
          // The database away: no new connection is accepted, and every open one is cut.
          isAway = true;
          await allowConnections(dbName, false);
          const awayUntil = Date.now() + (ctx.short ? 2_000 : 3_500);
          while (Date.now() < awayUntil) {
            connectionsCut += await terminateConnections(dbName);
            cuts += 1;
            const answers = await Promise.all(cluster.servers.map((s) => call(`${s.base}/api/health`, { timeoutMs: 1_500 })));
            for (const a of answers) health[answerLabel(a)] = (health[answerLabel(a)] ?? 0) + 1;
            await sleep(250);
          }
          await allowConnections(dbName, true);
          continue;
        }
        connectionsCut += await terminateConnections(dbName);
        cuts += 1;
        await sleep(500 + Math.random() * 400);
      }
    } finally {
      await allowConnections(dbName, true).catch(() => {});
    }
    await running;
    // After: every process alive, healthy, and storing again (a reading set straight to each).
    const after = [];
    const source = tagSource(1500 + ctx.n, 260_000_000_000);
    const check = new Ledger('after the cuts', READERS.tunnel);
    for (const server of cluster.servers) {
      const alive = server.isRunning && server.deaths.length === 0;
      const h = alive ? await call(`${server.base}/api/health`) : { status: 0 };
      const batch = readingSetBatches({ ledger: check, source, serial: READERS.tunnel.serial, tagsPerSet: 20 })();
      let stored = { status: 0 };
      for (let attempt = 0; alive && attempt < 20; attempt++) {
        stored = await call(`${server.base}/api/readingsets/`, {
          method: 'POST',
          headers: { authorization: `Device ${demoDeviceKey(READERS.tunnel.serial)}` },
          body: batch.body,
        });
        if (stored.status === 201 || stored.status === 200) {
          check.ack(batch.reads);
          break;
        }
        await sleep(250);
      }
      after.push({
        n: server.n,
        alive,
        health: h.status,
        stored: stored.status,
        leaked: alive ? await leakedClients(server) : 0,
      });
    }
    const rows = await finish(ctx, cluster, [...ledgers, check]);
    const healthText = answersText(health);
    for (const row of rows) row.notes.unshift(`${cuts} cuts, ${connectionsCut} connections terminated`);
    const problems = [];
    for (const a of after) {
      if (!a.alive) problems.push(`server ${a.n} died`);
      else if (a.health !== 200) problems.push(`server ${a.n} health ${a.health} after the cuts`);
      else if (a.stored !== 201 && a.stored !== 200)
        problems.push(`server ${a.n} did not store a set after the cuts (${a.stored})`);
      if (a.leaked > 0) problems.push(`server ${a.n}: ${a.leaked} pool connections never given back after the cuts`);
    }
    if (health['500']) problems.push(`health answered 500 ×${health['500']} while the database was away`);
    rows.push(
      resultRow(ctx, {
        path: 'processes alive',
        unit: 'processes',
        sent: cluster.n,
        acked: after.filter((a) => a.alive).length,
        once: after.filter((a) => a.alive && a.health === 200 && (a.stored === 201 || a.stored === 200)).length,
        doubled: 0,
        lost: after.filter((a) => !a.alive).length,
        problems,
        notes: [`health while away: ${healthText || 'not asked'}`],
      }),
    );
    return rows;
  },
);

/* ------------------------------------------------------------------ concurrent domain operations */

export const domainRace = templateScenario(
  'domain-race',
  'concurrent domain operations: handheld sets against validation of their inventory; boxes added to one order at once',
  [90_000, 150_000],
  async (ctx) => {
    const cluster = await ctx.cluster({ database: 'template', broker: false });
    await cluster.startAll();
    const base = cluster.url;
    const auth = await signIn(base);
    const { rows: found } = await pgQuery(
      cluster.db.url,
      `select d.area_id, d.location_id from devices d where d.serial_number = $1`,
      [READERS.handheld.serial],
    );
    const { area_id: areaId, location_id: locationId } = found[0];
    const ledger = new Ledger('handheld sets', READERS.handheld);
    const validation = { sent: 0, answers: {} };
    const source = tagSource(1600 + ctx.n);
    const rounds = ctx.short ? 3 : 6;
    const openInventory = async () =>
      (
        await pgQuery(
          cluster.db.url,
          'select id from inventories where area_id = $1 and state in (0, 1) order by id desc limit 1',
          [areaId],
        )
      ).rows[0]?.id;
    const validate = async () => {
      const id = await openInventory();
      if (!id) return;
      // Two users validate at once, on different processes.
      await Promise.all(
        [0, 1].map(async () => {
          validation.sent += 1;
          const r = await call(`${base}/api/inventorys/${id}/`, {
            method: 'PUT',
            headers: { authorization: auth },
            body: { state: 2 },
          });
          const label = answerLabel(r);
          validation.answers[label] = (validation.answers[label] ?? 0) + 1;
        }),
      );
    };
    for (let round = 0; round < rounds && !ctx.isAborted(); round++) {
      ctx.step(`round ${round + 1}`);
      // Odd rounds open the inventory from the dashboard; even ones let the first handheld sets open it (at once, on several processes).
      if (round % 2 === 1) {
        const r = await call(`${base}/api/locations/${locationId}/inventories/`, {
          method: 'POST',
          headers: { authorization: auth },
          body: { location_area: areaId },
        });
        const label = `open ${answerLabel(r)}`;
        validation.answers[label] = (validation.answers[label] ?? 0) + 1;
      }
      const roundMs = ctx.short ? 1_500 : 2_500;
      const stopAt = Date.now() + roundMs;
      const producing = runHttpProducer({
        url: `${base}/api/readingsets/`,
        key: demoDeviceKey(READERS.handheld.serial),
        ledger,
        makeBatch: readingSetBatches({ ledger, source, serial: READERS.handheld.serial, tagsPerSet: 40 }),
        until: () => Date.now() >= stopAt,
        drainDeadline: () => stopAt + 15_000,
        concurrency: 4,
        isAborted: ctx.isAborted,
      });
      await sleep(roundMs * 0.45);
      await validate();
      await sleep(roundMs * 0.25);
      await validate();
      ctx.step('validated; draining the sets');
      await producing;
    }
    const open = Number(
      (
        await pgQuery(cluster.db.url, 'select count(*)::int as n from inventories where area_id = $1 and state in (0, 1)', [
          areaId,
        ])
      ).rows[0].n,
    );
    ctx.step('boxes');
    const boxRow = await boxesAtOnce(ctx, cluster, auth);
    ctx.step('settle and count');
    const rows = await finish(ctx, cluster, [ledger]);
    const errors = Object.entries(validation.answers)
      .filter(([label]) => /(^| )5\d\d$/.test(label) && !label.endsWith('503') && !label.includes('proxy'))
      .reduce((a, [, n]) => a + n, 0);
    const problems = [];
    if (errors) problems.push(`${errors} inventory answers 5xx`);
    if (open > 1) problems.push(`${open} inventories open at once in the handheld's area`);
    rows.push(
      resultRow(ctx, {
        path: 'validations',
        unit: 'requests',
        sent: validation.sent,
        acked: validation.answers['200'] ?? 0,
        problems,
        notes: [`answers: ${answersText(validation.answers)}`, `${open} open inventory at the end`],
      }),
    );
    rows.push(boxRow);
    return rows;
  },
);

/** Boxes added to one purchase order 6 at a time through the proxy (users, or an import): no 5xx. */
const boxesAtOnce = async (ctx, cluster, auth) => {
  const base = cluster.url;
  const db = cluster.db.url;
  const code = `RACE-${runId}-${ctx.n}`;
  const { reception, gtins } = await purchaseOrderWithReception(base, db, auth, code);
  const answers = {};
  let sent = 0;
  const rounds = ctx.short ? 1 : 2;
  for (let round = 0; round < rounds && !ctx.isAborted(); round++) {
    await Promise.all(
      Array.from({ length: 6 }, async (_, k) => {
        sent += 1;
        const i = round * 6 + k + 1;
        const r = await call(`${base}/api/boxes/`, {
          method: 'POST',
          headers: { authorization: auth },
          body: {
            codebar: `${code}-B${String(i).padStart(3, '0')}`,
            reception_id: reception.id,
            contents: [{ gtin: gtins[i % gtins.length], quantity: 1 + (i % 3) }],
          },
          timeoutMs: 20_000,
        });
        const label = answerLabel(r);
        answers[label] = (answers[label] ?? 0) + 1;
      }),
    );
  }
  const errors = Object.entries(answers)
    .filter(([label]) => /^5\d\d$/.test(label) && label !== '503')
    .reduce((a, [, k]) => a + k, 0);
  const notes = [`answers: ${answersText(answers)}`];
  const hung = answers['no answer'] ?? 0;
  return resultRow(ctx, {
    path: 'boxes, 6 at once',
    unit: 'requests',
    sent,
    acked: answers['201'] ?? 0,
    problems: [
      ...(errors ? [`${errors} answers 5xx adding boxes to one order concurrently`] : []),
      ...(hung ? [`${hung} requests not answered within 20 s`] : []),
    ],
    notes,
  });
};

/* ------------------------------------------------------------------ kill -9 while single-event posts are group-committed */

const { toZebraEvents } = await import(path.join(root, 'tools/simulator/dist/formats.js'));

/** One Zebra event a request (an IoT Connector left at its default): the body is the event itself. */
const singleEvents = ({ ledger, source, random }) => {
  const queue = [];
  let eventNum = 1;
  return () => {
    // Now and then the reader pauses longer than the idle gap: the stream becomes several sets.
    if (queue.length === 0) queue.push(...ledger.makeReads(source, 1, { gapMs: random() < 0.05 ? 400 : 0 }));
    const read = queue.shift();
    const [event] = toZebraEvents([read], eventNum++);
    return { reads: [read], body: event };
  };
};

export const singlePostKill = templateScenario(
  'single-post-kill',
  'kill -9 while single-event HTTP posts of several readers are committed together (group commit)',
  [90_000, 150_000],
  async (ctx) => {
    const cluster = await ctx.cluster({ database: 'template' });
    await cluster.startAll();
    const duration = ctx.short ? 6_000 : 15_000;
    const stopAt = Date.now() + duration;
    const until = () => Date.now() >= stopAt;
    const drainDeadline = () => Math.min(stopAt + 30_000, ctx.deadline - 30_000);
    const source = tagSource(1500 + ctx.n);
    const random = seededRandom(1600 + ctx.n);
    // Several readers, many posts in flight each: the server's batches hold reads of several readers.
    const readers = [READERS.exitPortal, READERS.handheld, READERS.storePortal];
    const ledgers = readers.map((reader) => new Ledger(`http one event a post (${reader.serial})`, reader));
    const running = Promise.all(
      ledgers.map((ledger, i) =>
        runHttpProducer({
          url: `${cluster.url}/api/readers/stream/`,
          key: demoDeviceKey(readers[i].serial),
          ledger,
          makeBatch: singleEvents({ ledger, source, random }),
          until,
          drainDeadline,
          concurrency: 8,
          isAborted: ctx.isAborted,
        }),
      ),
    );
    running.catch(() => {});
    return killInTurnsThenFinish(ctx, { cluster, until, ledgers, running }, random, 600, 900);
  },
);
