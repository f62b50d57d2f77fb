import type { Area, CreatedReader, IngestedSetDto, Location, Provider, PurchaseOrder, Reader, ReaderKey } from '@rfid/contract';
import { type ApiClient, ApiError, type FetchLike, type Page } from './api.js';
import type { DayEnv, DayReport } from './day.js';
import type { DayPlan, PlannedRead } from './day-plan.js';
import { demoDeviceKey, findReader } from './demo.js';
import { type Random, readsOf } from './epcs.js';
import { toSetBody } from './formats.js';
import { httpTransport, mqttTransport, type Transport } from './transport.js';

/** What every step of a played day shares: the plan, the server, where, which endpoints it has, the report so far. */
export type DayContext = {
  plan: DayPlan;
  env: DayEnv;
  api: ApiClient;
  log: (line: string) => void;
  fetchImpl: FetchLike;
  random: Random;
  report: DayReport;
  locationId: (code: string) => number;
  mad: number;
  store: number;
  providers: Provider[];
  /** Whether the server has an endpoint (404 with a route message = not built yet). */
  has: (path: string) => Promise<boolean>;
  hasMovements: boolean;
  hasOnline: boolean;
  hasPos: boolean;
};

export type SimReader = { serial: string; mac: string; key: string; transport: Transport; storedSets: number | null };

/** Readers the seed lacks, added through the API (role 1) so the day can use them. */
const EXTRA_READERS = [
  {
    serial: 'SIM-MAD-ONL',
    mac: '84:24:8D:00:00:06',
    location: 'CD-MAD',
    area: 'Expedición',
    mode: 6,
    description: 'Simulator: online expedition (Exit/Sale)',
  },
  {
    serial: 'SIM-T01-RET',
    mac: '00:16:25:00:00:15',
    location: 'T-MAD-01',
    area: 'Caja',
    mode: 5,
    description: 'Simulator: POS returns',
  },
] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The context of a day: the demo locations and providers, and which endpoints the server has. */
export const dayContext = async (plan: DayPlan, env: DayEnv, report: DayReport, random: Random): Promise<DayContext> => {
  const { api } = env;
  const locations = await api.get<Page<Location>>('/api/locations/', { limit: 1000 });
  const locationId = (code: string) => {
    const found = locations.results.find((l) => l.code === code);
    if (!found) throw new Error(`the demo location ${code} is not visible to this user`);
    return found.id;
  };
  const mad = locationId('CD-MAD');
  const store = locationId('T-MAD-01');
  const existing = await api.get<Page<PurchaseOrder>>(`/api/locations/${mad}/v1/porders/`, {
    order_code__icontains: `-${plan.tag}-`,
    limit: 1,
  });
  if (existing.count > 0)
    throw new Error(`this server already played the day of seed ${plan.seed} (orders *-${plan.tag}-*); pick another --seed`);
  const providers = await api.get<Page<Provider>>('/api/providers/', { limit: 1000, order_by: 'id' });
  if (!providers.results.length) throw new Error('the server has no providers');

  const has = async (path: string) => {
    const r = await api.raw('GET', path);
    return r.status !== 404;
  };
  const hasMovements = await has(`/api/locations/${mad}/v1/exits/?limit=1`);
  const hasOnline = await has(`/api/locations/${mad}/v1/orders/?limit=1`);
  const hasPos = await has(`/api/locations/${store}/sales/?limit=1`);
  const fetchImpl = env.fetchImpl ?? fetch;
  const base = { plan, env, api, log: env.log, fetchImpl, random, report, locationId, mad, store, has };
  return { ...base, providers: providers.results, hasMovements, hasOnline, hasPos };
};

/** How many reading sets the server stored from this reader. */
const storedSets = async (ctx: DayContext, reader: SimReader): Promise<number> => {
  const r = await ctx.fetchImpl(new URL('/api/readers/status/', ctx.env.server), {
    method: 'GET',
    headers: { authorization: `Device ${reader.key}` },
  });
  if (r.status !== 200) throw new Error(`reader status of ${reader.serial}: HTTP ${r.status}`);
  return (JSON.parse(await r.text()) as { stored_sets: number }).stored_sets;
};

const openReader = async (ctx: DayContext, serial: string, mac: string, key: string): Promise<SimReader> => {
  const { env } = ctx;
  const transport =
    env.transport === 'mqtt'
      ? await mqttTransport({ url: env.mqttUrl ?? 'mqtt://localhost:1883', mac })
      : httpTransport({ server: env.server, key, fetchImpl: ctx.fetchImpl });
  const reader: SimReader = { serial, mac, key, transport, storedSets: null };
  if (env.transport === 'mqtt') reader.storedSets = await storedSets(ctx, reader);
  return reader;
};

/** One of the seed's demo readers, with its demo device key. */
export const demoReader = async (ctx: DayContext, serial: string) => {
  const r = findReader(serial);
  if (!r) throw new Error(`no demo reader ${serial}`);
  return openReader(ctx, r.serial, r.mac, demoDeviceKey(r.serial));
};

/** The key of a reader the seed lacks: a new key of the one there, or of one created now (named in the report). */
const extraReaderKey = async (ctx: DayContext, spec: (typeof EXTRA_READERS)[number]): Promise<string> => {
  const { api } = ctx;
  const found = (
    await api.get<Page<Reader>>('/api/readers/', { serial_number__icontains: spec.serial, limit: 100 })
  ).results.find((r) => r.serial_number === spec.serial);
  if (found) return (await api.post<ReaderKey>(`/api/readers/${found.id}/rotate_key/`, {})).device_key;
  const areas = await api.get<Page<Area>>(`/api/locations/${ctx.locationId(spec.location)}/areas/`, { limit: 100 });
  const area = areas.results.find((a) => a.description === spec.area);
  if (!area) throw new Error(`no area ${spec.area} at ${spec.location}`);
  const created = await api.post<CreatedReader>('/api/readers/', {
    serial_number: spec.serial,
    mac_address: spec.mac,
    locationArea1_id: area.id,
    working_mode: spec.mode,
    reader_type: 0,
    description: spec.description,
  });
  ctx.report.readersAdded.push(`${spec.serial} (mode ${spec.mode}, ${spec.location} ${spec.area})`);
  return created.device_key;
};

/** Adds (or takes over, with a new key) a reader the seed lacks; null when this user may not. */
const ensureReader = async (ctx: DayContext, spec: (typeof EXTRA_READERS)[number]): Promise<SimReader | null> => {
  try {
    const key = await extraReaderKey(ctx, spec);
    return await openReader(ctx, spec.serial, spec.mac, key);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 409)) {
      ctx.report.skipped.push(`reader ${spec.serial} could not be added (${error.status}): ${error.message}`);
      return null;
    }
    throw error;
  }
};

/** The readers of the day: the demo ones, and the two the seed lacks where the server has their endpoints. */
export type DayReaders = {
  tunnel: SimReader;
  exitPortal: SimReader;
  storeEntry: SimReader;
  posPad: SimReader;
  onlineExit: SimReader | null;
  posReturnPad: SimReader | null;
};

export const openDayReaders = async (ctx: DayContext): Promise<DayReaders> => {
  const tunnel = await demoReader(ctx, 'TUN-MAD-01');
  const exitPortal = await demoReader(ctx, 'POR-MAD-EXP');
  const storeEntry = await demoReader(ctx, 'POR-T01-ENT');
  const posPad = await demoReader(ctx, 'POS-T01-01');
  const onlineExit = ctx.hasOnline ? await ensureReader(ctx, EXTRA_READERS[0]) : null;
  const posReturnPad = ctx.hasPos ? await ensureReader(ctx, EXTRA_READERS[1]) : null;
  return { tunnel, exitPortal, storeEntry, posPad, onlineExit, posReturnPad };
};

/** One reading set: detailed reads (tunnel, portals) or plain EPCs (POS pads). */
export const sendRead = async (
  ctx: DayContext,
  reader: SimReader,
  read: PlannedRead,
  { codebar, kind }: { codebar?: string; kind: 'tunnel' | 'portal' | 'pos' },
): Promise<string> => {
  const { env, random, report } = ctx;
  const durationMs = kind === 'tunnel' ? 3_000 : kind === 'portal' ? 5_000 : 1_500;
  const reads = readsOf({
    epcs: read.epcs,
    start: new Date(read.at.getTime() - durationMs),
    durationMs,
    antennas: kind === 'tunnel' ? 4 : kind === 'portal' ? 2 : 1,
    maxReadsPerTag: kind === 'pos' ? 2 : 4,
    random,
  });
  const body = toSetBody({ id: uuidFrom(random), device: reader.serial, reads, codebar, isDetailed: kind !== 'pos' });
  const result = await reader.transport.sendSet(body);
  if (result.status >= 400) throw new Error(`${reader.serial}: HTTP ${result.status} ${JSON.stringify(result.body)}`);
  let claim = 'published';
  if (env.transport === 'mqtt') {
    // the server stores MQTT sets asynchronously: wait until this reader's count moves
    const want = (reader.storedSets ?? 0) + 1;
    const deadline = Date.now() + 15_000;
    while ((await storedSets(ctx, reader)) < want) {
      if (Date.now() > deadline) throw new Error(`${reader.serial}: the set over MQTT was not stored within 15 s`);
      await sleep(100);
    }
    reader.storedSets = want;
  } else {
    claim = (result.body as IngestedSetDto).claimed_by ?? 'free';
  }
  report.claims[claim] = (report.claims[claim] ?? 0) + 1;
  ctx.log(
    `${reader.serial.padEnd(11)} ${read.at.toISOString().slice(11, 16)} ${String(read.epcs.length).padStart(3)} EPCs${codebar ? ` ${codebar}` : ''} → ${claim}`,
  );
  return claim;
};

/** A version 4 UUID from the seeded generator, so a seed replays the same reading-set ids. */
const uuidFrom = (random: Random): string => {
  const bytes = Array.from({ length: 16 }, () => Math.floor(random() * 256));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
