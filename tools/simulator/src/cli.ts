#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { signIn } from './api.js';
import { formatDaySummary, playDay } from './day.js';
import { planDay } from './day-plan.js';
import { demoDeviceKey, demoGtins, demoReaders, findReader } from './demo.js';
import { createTagFactory, seededRandom } from './epcs.js';
import { EXIT_GATE, EXIT_TILL, exitScenario, formatExitReport } from './exit.js';
import { startLlrpReader } from './llrp-reader.js';
import { startNmsAgent } from './nms-agent.js';
import {
  handheld,
  portal,
  pos,
  replay,
  type ScenarioContext,
  type ScenarioReport,
  type StreamFormat,
  tunnel,
} from './scenarios.js';
import { httpTransport, mqttTransport, type Transport } from './transport.js';

const HELP = `Reader simulator: plays RFID readers against a running server.

Usage: npm run simulate -- <scenario> [options]

Scenarios
  tunnel     a box passes an inbound tunnel: one reading set (reads with antenna and RSSI)
  portal     a portal streams single reads (Zebra or Impinj events), grouped by the server
  handheld   a handheld inventory of the reader's area: reads its stock (signing in as --user to
             list it; about 3 % missed) then new tags up to --count, in sets of at most --batch EPCs
  pos        a POS sale: a few EPCs in one set
  replay     a reader back after an outage replays its buffer (--count reads, default 66000)
  demo       every demo reader plays its part every --interval seconds until stopped
  day        a realistic day: signs in, creates purchase, movement and online orders through the
             API, the tunnel reads boxes (exact, missing and extra tags, some not read), returns,
             movements read at both ends, an online expedition, POS sales and a return
  exit       the store's exit gate EXIT-T01-01 (working mode 8): a few tags of T-MAD-01's stock are sold at
             POS-T01-01, then they and a few unsold ones pass the gate; prints which should raise an exit
             alarm (signs in as --user to read the store's stock; --count unsold tags, default 3)
  nms        only answer NMS commands of the server for the demo readers (MQTT)
  readers    lists the demo readers and their device keys
  llrp-reader  an LLRP reader (Impinj Speedway/R700, Zebra FX in LLRP mode) listening on --port
             (5084) for the server to connect; reads --tags tags at --rate reads/s while a ROSpec
             runs, --passes times each (default: for ever); Ctrl+C stops

Options
  --server URL        server for HTTP (default http://localhost:3000, or SERVER_URL); also --url
  --user EMAIL        day: the user who creates the orders; handheld: who lists the area's stock
                      (default admin@demo.local)
  --password P        day, handheld: that user's password (default demo1234)
  --date YYYY-MM-DD   day: play that (past) date from 07:00 to 17:00 local time; default: the
                      ten hours that end now
  --transport T       http (default) or mqtt
  --mqtt URL          broker for --transport mqtt (default mqtt://localhost:1883, or MQTT_URL)
  --format F          stream format for portal/replay: zebra (default), impinj (its default: base64 epc) or impinj-hex
  --auth A            HTTP authentication: device (Authorization: Device <key>, default) or basic (serial and key,
                      as the Zebra and Impinj consoles send it)
  --device SERIAL     reader serial (default: the demo reader of the scenario's kind)
  --key KEY           device key (default demo-<serial>)
  --mac MAC           reader MAC for MQTT (default: the demo reader's)
  --count N           tags (or reads for replay) per run
  --epc HEX           use this EPC instead of generated ones (repeatable)
  --codebar CODE      box barcode for tunnel sets
  --batch N           EPCs per set (handheld) / events per message (portal, replay)
  --realtime          portal: send events as they happen instead of at once
  --repeat N          run the scenario N times (default 1)
  --interval S        seconds between runs for --repeat and demo (default 10)
  --seed N            random seed (default: time based)
  --serial-start N    first SGTIN serial (default: seed based, above 10^11)
  --json              print a JSON report of every run (sets, EPCs, statuses)
  --print-epcs        print the EPCs read
  --nms               demo: also answer NMS commands (needs the broker, --mqtt)
  --no-stock          handheld: read new tags only (do not list the area's stock)
  --port N            llrp-reader: TCP port (default 5084; 0 = any free port)
  --host H            llrp-reader: address to listen on (default 0.0.0.0)
  --tags N            llrp-reader: tags in the field (default 50)
  --rate N            llrp-reader: reads per second (default 20)
  --passes N          llrp-reader: times each tag is read (default: for ever)
  --keepalive-ms N    llrp-reader: keepalive period when the client sets none (default 0: none)
  -h, --help          this help

Examples
  npm run simulate -- tunnel --count 60 --codebar BOX-0001
  npm run simulate -- portal --transport mqtt --format impinj --device POR-T01-ENT
  npm run simulate -- pos --epc 30395DFA8318D84000000001
  npm run simulate -- demo --interval 5 --nms
  npm run simulate -- day --seed 42
  npm run simulate -- exit --count 2
  npm run simulate -- llrp-reader --port 5084 --tags 100 --rate 20
  npm run simulate -- day --url http://127.0.0.1:3000 --transport mqtt --seed 7
`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    server: { type: 'string' },
    url: { type: 'string' },
    user: { type: 'string' },
    password: { type: 'string' },
    date: { type: 'string' },
    transport: { type: 'string' },
    mqtt: { type: 'string' },
    format: { type: 'string' },
    auth: { type: 'string' },
    device: { type: 'string' },
    key: { type: 'string' },
    mac: { type: 'string' },
    count: { type: 'string' },
    epc: { type: 'string', multiple: true },
    codebar: { type: 'string' },
    batch: { type: 'string' },
    realtime: { type: 'boolean' },
    repeat: { type: 'string' },
    interval: { type: 'string' },
    seed: { type: 'string' },
    'serial-start': { type: 'string' },
    json: { type: 'boolean' },
    'print-epcs': { type: 'boolean' },
    nms: { type: 'boolean' },
    'no-stock': { type: 'boolean' },
    port: { type: 'string' },
    host: { type: 'string' },
    tags: { type: 'string' },
    rate: { type: 'string' },
    passes: { type: 'string' },
    'keepalive-ms': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

const fail = (message: string): never => {
  console.error(`simulate: ${message}\nRun with --help for usage.`);
  process.exit(2);
};
const int = (name: string, value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) fail(`--${name} must be a whole number`);
  return n;
};

const scenario = positionals[0];
if (values.help || !scenario) {
  console.log(HELP);
  process.exit(values.help ? 0 : 1);
}

const server = values.server ?? values.url ?? process.env.SERVER_URL ?? 'http://localhost:3000';
const mqttUrl = values.mqtt ?? process.env.MQTT_URL ?? 'mqtt://localhost:1883';
const transportName = values.transport ?? 'http';
if (transportName !== 'http' && transportName !== 'mqtt') fail('--transport is http or mqtt');
const format = (values.format ?? 'zebra') as StreamFormat;
if (format !== 'zebra' && format !== 'impinj' && format !== 'impinj-hex') fail('--format is zebra, impinj or impinj-hex');
const seed = int('seed', values.seed) ?? Date.now() % 2 ** 31;
const random = seededRandom(seed);
const tags = createTagFactory({
  gtins: demoGtins(),
  companyPrefixLength: 7,
  serialBase: int('serial-start', values['serial-start']) ?? 100_000_000_000 + (seed % 1_000_000) * 10_000,
});
const count = int('count', values.count);
const batch = int('batch', values.batch);
const repeat = int('repeat', values.repeat) ?? 1;
const intervalMs = (int('interval', values.interval) ?? 10) * 1000;
const log = (line: string) => {
  if (!values.json) console.log(line);
};

const openTransport = async (serial: string, mac: string | undefined): Promise<Transport> => {
  if (transportName === 'mqtt') {
    if (!mac) fail(`--mac is needed for ${serial} over MQTT`);
    return mqttTransport({ url: mqttUrl, mac: mac as string });
  }
  const auth = values.auth ?? 'device';
  if (auth !== 'device' && auth !== 'basic') fail('--auth is device or basic');
  return httpTransport({ server, key: values.key ?? demoDeviceKey(serial), ...(auth === 'basic' ? { basicUser: serial } : {}) });
};

/** The day's length in hours: its last reading set is read before it ends. */
const DAY_HOURS = 10;
/** 07:00 local time of a past date; the day must be over. */
const workingDayStart = (date: string): Date => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return fail('--date is YYYY-MM-DD');
  const start = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 7, 0, 0);
  if (start.getTime() + DAY_HOURS * 3_600_000 > Date.now()) fail(`--date ${date}: that working day has not ended yet`);
  return start;
};

const KIND_OF: Record<string, string> = {
  tunnel: 'tunnel',
  portal: 'portal',
  handheld: 'handheld',
  pos: 'pos',
  replay: 'portal',
};

const runOne = async (name: string, ctx: ScenarioContext): Promise<ScenarioReport> => {
  switch (name) {
    case 'tunnel':
      return tunnel(ctx, { count, codebar: values.codebar });
    case 'pos':
      return pos(ctx, { count });
    case 'handheld':
      return handheld(ctx, { count, batch, stock: ctx.epcs?.length ? [] : await areaStock(ctx.device, count ?? 500) });
    case 'portal':
      return portal(ctx, { count, format, isRealtime: values.realtime, perMessage: batch });
    case 'replay':
      return replay(ctx, { count, format, perMessage: batch });
    default:
      return fail(`unknown scenario ${name}`);
  }
};

/**
 * The EPCs STOCKED in the area of a reader (up to `limit`), read through the API as a user
 * (--user, --password; the demo admin by default), so a handheld counts the real stock. Without
 * a user who may see it, none: the handheld then reads new tags only.
 */
const areaStock = async (serial: string, limit: number): Promise<string[]> => {
  if (values['no-stock']) return [];
  try {
    const api = await signIn({ server, user: values.user ?? 'admin@demo.local', password: values.password ?? 'demo1234' });
    const readers = await api.get<{ results: Array<{ serial_number: string; locationArea1: number }> }>('/api/readers/', {
      serial_number__icontains: serial,
      limit: 100,
    });
    const area = readers.results.find((r) => r.serial_number === serial)?.locationArea1;
    if (area === undefined) return [];
    const epcs: string[] = [];
    while (epcs.length < limit) {
      const page = await api.get<{ results: Array<{ epc: string }>; next: string | null }>('/api/items/', {
        area,
        state: 0,
        limit: Math.min(1000, limit - epcs.length),
        offset: epcs.length,
      });
      epcs.push(...page.results.map((r) => r.epc));
      if (!page.next || page.results.length === 0) break;
    }
    return epcs;
  } catch (error) {
    log(`handheld: the area's stock could not be read (${(error as Error).message}); reading new tags only`);
    return [];
  }
};

const reports: ScenarioReport[] = [];
const record = (report: ScenarioReport) => {
  reports.push(report);
  if (values['print-epcs'] && !values.json) for (const epc of report.epcs) console.log(`  ${epc}`);
};

/** Answers NMS commands (start, stop, configure, install, update) for every demo reader over MQTT. */
const startNms = async (): Promise<() => Promise<void>> => {
  const agents = await Promise.all(
    demoReaders.map((r) =>
      startNmsAgent({
        url: mqttUrl,
        mac: r.mac,
        onCommand: (command) => log(`NMS ${r.serial}: ${command.command}`),
      }),
    ),
  );
  log(`NMS: ${agents.length} readers answer commands on ${mqttUrl}`);
  return async () => {
    await Promise.all(agents.map((a) => a.stop()));
  };
};

const main = async () => {
  if (scenario === 'readers') {
    for (const r of demoReaders)
      console.log(`${r.serial.padEnd(12)} ${r.mac}  key ${demoDeviceKey(r.serial).padEnd(18)} ${r.kind.padEnd(9)} ${r.where}`);
    return;
  }
  if (scenario === 'day') {
    const api = await signIn({ server, user: values.user ?? 'admin@demo.local', password: values.password ?? 'demo1234' });
    const dayStart = values.date
      ? workingDayStart(values.date)
      : new Date(Math.floor((Date.now() - DAY_HOURS * 3_600_000) / 60_000) * 60_000);
    const report = await playDay(planDay({ seed, dayStart }), {
      api,
      server,
      transport: transportName as 'http' | 'mqtt',
      mqttUrl,
      log,
    });
    console.log(values.json ? JSON.stringify(report, null, 2) : `\n${formatDaySummary(report)}`);
    return;
  }
  if (scenario === 'exit') {
    const api = await signIn({ server, user: values.user ?? 'admin@demo.local', password: values.password ?? 'demo1234' });
    const gate = await openTransport(EXIT_GATE, values.mac ?? findReader(EXIT_GATE)?.mac);
    const till = await openTransport(EXIT_TILL, findReader(EXIT_TILL)?.mac);
    try {
      const report = await exitScenario(
        {
          api,
          gate: { device: EXIT_GATE, transport: gate, tags, random, log },
          till: { device: EXIT_TILL, transport: till, tags, random, log },
        },
        { unsold: count ?? 3 },
      );
      for (const set of report.sets) record(set);
      log(formatExitReport(report));
    } finally {
      await gate.close();
      await till.close();
    }
    return;
  }
  if (scenario === 'llrp-reader') {
    const passes = int('passes', values.passes);
    const reader = await startLlrpReader({
      port: int('port', values.port) ?? 5084,
      host: values.host ?? '0.0.0.0',
      tags: tags.tags(int('tags', values.tags) ?? 50, random),
      ratePerSecond: Math.max(1, int('rate', values.rate) ?? 20),
      passes: passes ?? Number.POSITIVE_INFINITY,
      keepaliveMs: int('keepalive-ms', values['keepalive-ms']) ?? 0,
      log: (line) => console.log(line),
    });
    await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
    console.log(`LLRP reader: ${reader.reported.length} reads of ${reader.reportedEpcs().size} tags reported`);
    await reader.close();
    return;
  }
  if (scenario === 'nms') {
    const stop = await startNms();
    await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
    await stop();
    return;
  }
  if (scenario === 'demo') {
    const stopNms = values.nms ? await startNms() : undefined;
    const transports = new Map<string, Transport>();
    for (const r of demoReaders) transports.set(r.serial, await openTransport(r.serial, r.mac));
    let isStopping = false;
    process.on('SIGINT', () => {
      isStopping = true;
    });
    log(
      `demo: ${demoReaders.length} readers against ${transportName === 'http' ? server : mqttUrl}, every ${intervalMs / 1000} s (Ctrl+C stops)`,
    );
    for (let round = 0; !isStopping && (values.repeat === undefined || round < repeat); round++) {
      // The exit gate stays quiet in the demo loop: its random tags would raise an exit alarm every round (`exit` plays it).
      for (const r of demoReaders.filter((reader) => reader.kind !== 'exit')) {
        const ctx: ScenarioContext = { device: r.serial, transport: transports.get(r.serial) as Transport, tags, random, log };
        try {
          const name = r.kind;
          record(
            name === 'portal'
              ? await portal(ctx, {
                  count: 15 + Math.floor(random() * 20),
                  format: r.mac.startsWith('00:16:25') ? 'impinj' : 'zebra',
                  perMessage: 10,
                })
              : name === 'handheld'
                ? await handheld(ctx, { count: 100 + Math.floor(random() * 200) })
                : name === 'pos'
                  ? await pos(ctx, { count: 1 + Math.floor(random() * 4) })
                  : await tunnel(ctx, { count: 20 + Math.floor(random() * 40) }),
          );
        } catch (error) {
          console.error(`${r.serial}: ${(error as Error).message}`);
        }
      }
      if (!isStopping) await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
    for (const t of transports.values()) await t.close();
    await stopNms?.();
    return;
  }
  const kind = KIND_OF[scenario];
  if (!kind) fail(`unknown scenario ${scenario}`);
  const reader = values.device ? findReader(values.device) : findReader(kind as string);
  const serial = values.device ?? reader?.serial ?? fail(`no demo reader for ${scenario}; pass --device`);
  const transport = await openTransport(serial, values.mac ?? reader?.mac);
  try {
    for (let i = 0; i < repeat; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, intervalMs));
      record(await runOne(scenario, { device: serial, transport, tags, random, epcs: values.epc, log }));
    }
  } finally {
    await transport.close();
  }
};

main()
  .then(() => {
    if (values.json && scenario !== 'day') console.log(JSON.stringify({ seed, reports }, null, 2));
  })
  .catch((error: unknown) => {
    console.error(`simulate: ${(error as Error).message}`);
    process.exit(1);
  });
