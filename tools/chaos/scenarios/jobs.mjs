// Background work under fire: kill -9 the process that prints a print order (on a simulated Zebra
// printer of our own), the one building an inventory CSV, the one making a sticker PDF.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { pgQuery, root, runId, sleep } from '../lib/infra.mjs';
import {
  api,
  call,
  demoDeviceKey,
  purchaseOrderWithReception,
  READERS,
  resultRow,
  signIn,
  tagSource,
  tallyOnce,
  templateScenario,
} from '../lib/reads.mjs';

const { startPrinterSimulator } = await tsImport(
  path.join(root, 'tools/printer-simulator/src/printer-simulator.ts'),
  import.meta.url,
);

const one = async (dbUrl, text, params) => (await pgQuery(dbUrl, text, params)).rows[0];

/** The server slot whose pid appears in a lease owner ("host:pid:…", as the job runner and the print spooler write it). */
const serverOfOwner = (cluster, owner) => {
  const parts = String(owner ?? '').split(':');
  return cluster.servers.find((s) => s.child && parts.includes(String(s.child.pid)));
};

/** Whether the server has this table (the job runner's `jobs`, the spooler's `printer_leases`). */
const hasTable = async (dbUrl, name) => (await one(dbUrl, 'select to_regclass($1) is not null as ok', [`public.${name}`])).ok;

/** The newest job of a kind in the job runner's table: its state and the process running it (null without the table). */
const jobOf = async (cluster, kindLike) => {
  const row = await one(
    cluster.db.url,
    'select state::text as state, lease_owner from jobs where kind like $1 order by id desc limit 1',
    [kindLike],
  );
  return row ? { state: row.state, server: serverOfOwner(cluster, row.lease_owner) } : { state: 'none' };
};

/** Polls `read` every `everyMs` until `isDone(value)` or the deadline; answers the last value. */
const poll = async (read, isDone, { deadline, everyMs = 300, isAborted }) => {
  let value = await read();
  while (!isDone(value) && Date.now() < deadline && !isAborted()) {
    await sleep(everyMs);
    value = await read();
  }
  return value;
};

/* ------------------------------------------------------------------ printing */

/** Nothing printed this long while the order is WORKING: nobody resumed it (the servers run with PRINT_LEASE_MS=3000). */
const STUCK_MS = 20_000;

/** A cluster on a copy of the template database, started: its URL, its database's URL and an admin's token. */
const startSignedIn = async (ctx) => {
  const cluster = await ctx.cluster({ database: 'template', broker: false });
  await cluster.startAll();
  return { cluster, base: cluster.url, db: cluster.db.url, auth: await signIn(cluster.url) };
};

export const printKill = templateScenario(
  'print-kill',
  'kill -9 the process that prints a print order on a simulated Zebra printer',
  [100_000, 150_000],
  async (ctx) => {
    const { cluster, base, db, auth } = await startSignedIn(ctx);
    const simulator = await startPrinterSimulator({ port: 0, host: '127.0.0.1', printMs: 25 });
    ctx.onCleanup(() => simulator.close());
    const { area_id: areaId } = await one(
      db,
      `select a.id as area_id from areas a join locations l on l.id = a.location_id where l.code = 'CD-MAD' order by a.id limit 1`,
    );
    const mac = `00:07:4D:${[1, 2, 3]
      .map(() =>
        Math.floor(Math.random() * 256)
          .toString(16)
          .padStart(2, '0'),
      )
      .join(':')}`;
    const printer = await api(base, auth, 'POST', '/api/printer/printers/', {
      description: `chaos ${runId} ${ctx.n}`,
      mac,
      location_area: areaId,
      ip_address: '127.0.0.1',
      port: simulator.port,
    });
    const formats = await api(base, auth, 'GET', '/api/printer/tag_company_format/?limit=100');
    const format = formats.results.find((f) => f.tag_format?.description?.startsWith('Etiqueta colgante')) ?? formats.results[0];
    const gtins = (await pgQuery(db, 'select gtin from item_types order by gtin limit 3 offset 20')).rows.map((r) => r.gtin);
    const labels = ctx.short ? 36 : 90;
    const order = await api(base, auth, 'POST', '/api/printer/print_orders/', {
      tag_company_format: format.id,
      name: `chaos ${runId} ${ctx.n}`,
      items: gtins.map((gtin) => ({ gtin, quantity: labels / gtins.length })),
    });
    // The job runs in the process that took POST /printer/print/: ask server 1 itself, and kill it
    // the moment the printer has printed a third of the labels (printed, maybe not yet recorded).
    // Without printer leases the job runs in the process that took the request (server 1); with
    // them, in whichever process holds the printer's lease: followed while it prints.
    let victim = cluster.servers[0];
    const killAt = Math.floor(labels / 3);
    simulator.onLabel(() => {
      if (simulator.labels.length === killAt) victim.killNow();
    });
    const hasLeases = await hasTable(db, 'printer_leases');
    let isFollowing = hasLeases;
    const following = (async () => {
      while (isFollowing && !ctx.isAborted()) {
        const lease = await one(db, 'select owner from printer_leases where printer_id = $1', [printer.id]).catch(() => null);
        const holder = serverOfOwner(cluster, lease?.owner);
        if (holder && simulator.labels.length < killAt) victim = holder;
        await sleep(30);
      }
    })();
    const started = await call(`${cluster.servers[0].base}/api/printer/print/`, {
      method: 'POST',
      headers: { authorization: auth },
      body: { print_order: order.id, printer: printer.id },
    });
    if (started.status !== 202) throw new Error(`POST /printer/print/ answered ${started.status}: ${started.text.slice(0, 200)}`);
    await poll(
      async () => simulator.labels.length >= killAt && !victim.isRunning,
      (isDone) => isDone,
      { deadline: Date.now() + 20_000, everyMs: 50, isAborted: ctx.isAborted },
    );
    isFollowing = false;
    await following;
    const notes = [`kill -9 of server ${victim.n} (the one printing) at label ${simulator.labels.length}`];
    const problems = [];
    const progress = async () => {
      const r = await call(`${base}/api/printer/print_orders/${order.id}/printer_progress/`, {
        headers: { authorization: auth },
      });
      return r.status === 200 ? r.json() : { state: `answer ${r.status}` };
    };
    // Another process should take the order over (or, with one process, the restarted one).
    let isRestarted = false;
    if (cluster.n === 1) {
      await sleep(1_000);
      await victim.start({ timeoutMs: 60_000 });
      isRestarted = true;
    }
    let reprinted = false;
    let lastCount = -1;
    let lastChange = Date.now();
    let state = await progress();
    const deadline = Math.min(ctx.deadline - 15_000, Date.now() + 60_000);
    while (Date.now() < deadline && !ctx.isAborted()) {
      state = await progress();
      if (state.state === 'PRINTED') break;
      if (simulator.labels.length !== lastCount) {
        lastCount = simulator.labels.length;
        lastChange = Date.now();
      }
      if (['PARTIAL', 'PENDING', 'ERROR'].includes(state.state) && !reprinted) {
        // Stopped by the server: the operator prints what is left (every label not printed yet).
        reprinted = true;
        notes.push(`order ${state.state} after the kill: operator printed the rest`);
        const again = await call(`${base}/api/printer/print/`, {
          method: 'POST',
          headers: { authorization: auth },
          body: { print_order: order.id, printer: printer.id },
        });
        if (again.status !== 202) problems.push(`printing the rest answered ${again.status}`);
      } else if (state.state === 'WORKING' && Date.now() - lastChange > STUCK_MS) {
        if (isRestarted) {
          problems.push(`order stuck WORKING: nothing printed for ${STUCK_MS / 1000} s`);
          break;
        }
        problems.push(`not resumed by another process: WORKING, nothing printed for ${STUCK_MS / 1000} s after the kill`);
        await victim.start({ timeoutMs: 60_000 });
        isRestarted = true;
        lastChange = Date.now();
        notes.push('killed process restarted');
      }
      await sleep(250);
    }
    // Whatever the printer still holds gets printed.
    await poll(
      async () => simulator.pending(),
      (pending) => pending === 0,
      { deadline: Date.now() + 5_000, everyMs: 100, isAborted: ctx.isAborted },
    );
    await sleep(300);
    if (!victim.isRunning) await victim.start({ timeoutMs: 60_000 });
    const { rows: tags } = await pgQuery(
      db,
      'select upper(epc) as epc, printed_at from print_tags where print_order_id = $1 order by label_number',
      [order.id],
    );
    const received = new Map();
    for (const label of simulator.labels) if (label.epc) received.set(label.epc, (received.get(label.epc) ?? 0) + 1);
    const orderEpcs = new Set(tags.map((t) => t.epc));
    const { once, doubled: twice, lost: missing } = tallyOnce(orderEpcs, received);
    const foreign = [...received.keys()].filter((epc) => !orderEpcs.has(epc)).length;
    state = await progress();
    if (twice) problems.push(`${twice} EPCs printed twice`);
    if (missing) problems.push(`${missing} labels never reached the printer`);
    if (foreign) problems.push(`${foreign} EPCs printed that are not the order's`);
    if (state.state !== 'PRINTED') problems.push(`order ended ${state.state}`);
    notes.push(`order ${state.state}, progress ${state.progress ?? '?'} of ${state.total_quantity ?? labels}`);
    if (!reprinted && state.state === 'PRINTED') notes.push('completed without the operator');
    await cluster.stopAll(15_000);
    const acked = tags.filter((t) => t.printed_at !== null).length;
    return [
      resultRow(ctx, {
        path: 'print order',
        unit: 'labels',
        sent: labels,
        acked,
        once,
        doubled: twice,
        lost: missing,
        problems,
        notes,
      }),
    ];
  },
);

/* ------------------------------------------------------------------ inventory CSV */

export const csvKill = templateScenario(
  'csv-kill',
  'kill -9 the process building an inventory CSV',
  [100_000, 150_000],
  async (ctx) => {
    const { cluster, base, db, auth } = await startSignedIn(ctx);
    // A big inventory: handheld sets of 1,000 EPCs open one in the handheld's area and fill it.
    const source = tagSource(1700 + ctx.n);
    const sent = new Set();
    const sets = ctx.short ? 15 : 40;
    for (let i = 0; i < sets; i += 3) {
      await Promise.all(
        Array.from({ length: Math.min(3, sets - i) }, async () => {
          const epcs = source.tags(1_000).map((e) => e.toUpperCase());
          const now = new Date().toISOString();
          for (let attempt = 0; ; attempt++) {
            const r = await call(`${base}/api/readingsets/`, {
              method: 'POST',
              headers: { authorization: `Device ${demoDeviceKey(READERS.handheld.serial)}` },
              body: { id: randomUUID(), device: READERS.handheld.serial, start_time: now, end_time: now, epcs },
            });
            if (r.status === 201) break;
            if (attempt > 10) throw new Error(`handheld set answered ${r.status}: ${r.text.slice(0, 200)}`);
            await sleep(300);
          }
          for (const epc of epcs) sent.add(epc);
        }),
      );
    }
    const inventory = await one(
      db,
      `select i.id from inventories i join devices d on d.area_id = i.area_id
        where d.serial_number = $1 and i.state in (0, 1) order by i.id desc limit 1`,
      [READERS.handheld.serial],
    );
    if (!inventory) throw new Error('the handheld sets opened no inventory');
    const victim = cluster.servers[0];
    // The user's click: tried again while no process answers (HAProxy's 503 until a restarted one is up), up to 30 s.
    const startJob = async (at) => {
      let r;
      for (const deadline = Date.now() + 30_000; ; ) {
        r = await call(`${at}/api/inventorys/${inventory.id}/start_csv_creation/`, { headers: { authorization: auth } });
        if (r.status === 200 || ![0, 502, 503].includes(r.status) || Date.now() > deadline) break;
        await sleep(300);
      }
      if (r.status !== 200) throw new Error(`start_csv_creation answered ${r.status}: ${r.text.slice(0, 200)}`);
      return r.json().task_id;
    };
    const taskId = await startJob(victim.base);
    // Kill the process building the file while it builds it: with the job runner, the owner of the
    // running job; without it, server 1 (which took the request) once the progress moved.
    const hasJobs = await hasTable(db, 'jobs');
    let killed = null;
    let atKill = { progress: 0 };
    const watchUntil = Date.now() + 15_000;
    let runningSince = 0;
    while (!killed && Date.now() < watchUntil && !ctx.isAborted()) {
      atKill = (await one(db, 'select progress, error from export_jobs where id = $1', [taskId])) ?? atKill;
      if (atKill.progress >= 100 || atKill.error) break;
      if (hasJobs) {
        // Running: killed once its progress moved, or 200 ms after it started (a small file may not show any).
        const job = await jobOf(cluster, '%csv%');
        if (job.state === 'running' && job.server) {
          runningSince ||= Date.now();
          if (atKill.progress > 0 || Date.now() - runningSince > 200) killed = job.server;
        }
      } else if (atKill.progress > 0) {
        killed = victim;
      }
      if (!killed) await sleep(10);
    }
    const notes = [];
    const problems = [];
    if (killed) {
      killed.killNow();
      await killed.waitExit(10_000);
      notes.push(`kill -9 of server ${killed.n} (building the file) at ${atKill.progress} %`);
      await sleep(1_000);
      await killed.start({ timeoutMs: 60_000 });
    } else {
      notes.push(
        `not killed: the job ended (${atKill.progress} %${atKill.error ? `, ${atKill.error}` : ''}) before it was seen running`,
      );
    }
    const progressOf = async (id) => {
      const r = await call(`${base}/api/file_creation_progress/${id}/`, { headers: { authorization: auth } });
      return r.status === 200 ? r.json() : { progress: -1, error: `answer ${r.status}` };
    };
    const wait = (id) =>
      poll(
        () => progressOf(id),
        (p) => p.progress === 100 || (p.error !== null && p.error !== undefined),
        {
          deadline: Math.min(ctx.deadline - 10_000, Date.now() + 45_000),
          everyMs: 500,
          isAborted: ctx.isAborted,
        },
      );
    let last = await wait(taskId);
    if (last.progress !== 100 && last.error) {
      notes.push(`killed job answered error "${last.error}"; started again`);
      last = await wait(await startJob(base));
    } else if (last.progress !== 100) {
      problems.push(`job stuck at ${last.progress} % after kill -9 (no error, no file)`);
    }
    let once = 0;
    let doubled = 0;
    let lost = sent.size;
    if (last.progress === 100) {
      const file = await call(`${base}/api/inventorys/${inventory.id}/csv/`, { headers: { authorization: auth } });
      const counts = new Map();
      for (const line of file.text.split(/\r?\n/).slice(1)) {
        // The EPC is the one 24-hex-digit cell of a row (the area's name may hold commas, quoted); the file is in the
        // user's dialect (docs/exports.md): `;` between cells in Spanish, `,` in English.
        const epc = /(?:^|[,;])"?([0-9A-Fa-f]{24})"?(?:[,;]|$)/.exec(line)?.[1]?.toUpperCase();
        if (epc) counts.set(epc, (counts.get(epc) ?? 0) + 1);
      }
      ({ once, doubled, lost } = tallyOnce(sent, counts));
      if (doubled) problems.push(`${doubled} EPCs twice in the file`);
      if (lost) problems.push(`${lost} EPCs missing from the file`);
    } else if (!problems.length) {
      problems.push(`no file: ${last.error ?? `progress ${last.progress}`}`);
    }
    await cluster.stopAll(15_000);
    return [resultRow(ctx, { path: 'inventory CSV', unit: 'rows', sent: sent.size, once, doubled, lost, problems, notes })];
  },
);

/* ------------------------------------------------------------------ sticker PDF */

export const stickerKill = templateScenario(
  'sticker-kill',
  'kill -9 while a sticker PDF is made, then every process started at once: the PDF made once',
  [100_000, 150_000],
  async (ctx) => {
    const { cluster, base, db, auth } = await startSignedIn(ctx);
    const code = `CHAOS-${runId}-${ctx.n}`;
    const { order, reception, gtins } = await purchaseOrderWithReception(base, db, auth, code);
    const boxes = ctx.short ? 150 : 300;
    // The boxes go straight into the database: the PDF job is what is tested here (domain-race adds
    // boxes through the API, concurrently).
    await pgQuery(
      db,
      `with b as (
         insert into boxes (company_id, order_id, reception_id, codebar)
         select o.company_id, o.id, $2::int, $3 || '-B' || lpad(g::text, 4, '0')
         from orders o, generate_series($4::int, $5::int) g where o.id = $1 returning id
       )
       insert into box_contents (box_id, item_type_id, quantity)
       select b.id, (select id from item_types where gtin = $6), 1 + b.id % 3 from b`,
      [order.id, reception.id, code, 1, boxes, gtins[0]],
    );
    const victim = cluster.servers[0];
    const created = await call(`${victim.base}/api/stickers/`, {
      method: 'POST',
      headers: { authorization: auth },
      body: { order_id: order.id, language: 'es' },
    });
    if (created.status !== 201) throw new Error(`POST /stickers/ answered ${created.status}: ${created.text.slice(0, 200)}`);
    const sticker = created.json();
    // While the PDF is being made (with the job runner: once its job runs; without it, the PDF is
    // made right after the answer): every process down, the one making it first, then all of them
    // started at once (each one finds the pending sticker).
    let maker = victim;
    if (await hasTable(db, 'jobs')) {
      const job = await poll(
        () => jobOf(cluster, '%sticker%'),
        (j) => j.state !== 'queued' && j.state !== 'none',
        { deadline: Date.now() + 10_000, everyMs: 10, isAborted: ctx.isAborted },
      );
      maker = job.server ?? victim;
    } else {
      await sleep(60);
    }
    await maker.kill();
    await cluster.killAll();
    const atKill = await one(
      db,
      'select status, (select count(*)::int from sticker_pdfs where sticker_id = $1) as pdfs from stickers where id = $1',
      [sticker.id],
    );
    const notes = [
      `${boxes} boxes; kill -9 of server ${maker.n} (making it) then all; at the kill: status ${atKill.status}, ${atKill.pdfs} PDF`,
    ];
    await sleep(500);
    await cluster.startAll({ timeoutMs: 60_000 });
    const state = await poll(
      async () =>
        one(
          db,
          'select status, error, (select count(*)::int from sticker_pdfs where sticker_id = $1) as pdfs from stickers where id = $1',
          [sticker.id],
        ),
      (s) => s.status === 1 && s.pdfs > 0,
      {
        deadline: Math.min(ctx.deadline - 10_000, Date.now() + 45_000),
        everyMs: 300,
        isAborted: ctx.isAborted,
      },
    );
    // Give a second maker the time to finish too, if there is one.
    await sleep(ctx.short ? 3_000 : 5_000);
    const { rows: pdfs } = await pgQuery(db, 'select pages from sticker_pdfs where sticker_id = $1', [sticker.id]);
    const problems = [];
    if (pdfs.length > 1) problems.push(`${pdfs.length} PDFs made for one sticker`);
    if (pdfs.length === 0) problems.push(`no PDF made (status ${state.status}${state.error ? `, error ${state.error}` : ''})`);
    if (pdfs.some((p) => p.pages !== boxes))
      problems.push(`a PDF has ${pdfs.map((p) => p.pages).join('/')} pages for ${boxes} boxes`);
    notes.push(`status ${state.status}${state.error ? ` (${state.error})` : ''}`);
    await cluster.stopAll(15_000);
    const made = { once: pdfs.length === 1 ? 1 : 0, doubled: Math.max(pdfs.length - 1, 0), lost: pdfs.length === 0 ? 1 : 0 };
    return [resultRow(ctx, { path: 'sticker PDF', unit: 'PDFs', sent: 1, acked: 1, ...made, problems, notes })];
  },
);
