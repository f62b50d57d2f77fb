import type {
  Area,
  Box,
  CreatedReader,
  IngestedSetDto,
  Location,
  MovementOrder,
  OnlineBox,
  OnlineOrder,
  PosTransaction,
  Provider,
  ProviderReturn,
  PurchaseOrder,
  Reader,
  ReaderKey,
  Reception,
  ReplenishmentLine,
  SaleReturn,
} from '@rfid/contract';
import { type ApiClient, ApiError, type FetchLike, type Page } from './api.js';
import type { DayPlan, PlannedBox, PlannedRead } from './day-plan.js';
import { demoDeviceKey, findReader } from './demo.js';
import { type Random, readsOf, seededRandom } from './epcs.js';
import { toSetBody } from './formats.js';
import { httpTransport, mqttTransport, type Transport } from './transport.js';

/**
 * Plays a day plan (day-plan.ts) against a server: the orders are created through the REST API as
 * the web app would (signed in as the demo admin), and the readers send what they read with their
 * device keys, over HTTP or MQTT. Steps whose endpoints the server lacks are left out and named in
 * `skipped`.
 */

export type DayEnv = {
  api: ApiClient;
  server: string;
  fetchImpl?: FetchLike;
  transport: 'http' | 'mqtt';
  mqttUrl?: string;
  log: (line: string) => void;
};

export type DayBoxRow = {
  codebar: string;
  id: number;
  plan: string;
  status: number;
  /** Verifications of the box (of the exit side for movements). */
  verifications: number;
  entryStatus?: number;
};
export type DayOrderRow = {
  kind: 'purchase' | 'movement' | 'online';
  code: string;
  id: number;
  /** Destination status for purchases, origin status for movements and online orders. */
  status: number;
  /** Movements: the destination's status. */
  entryStatus?: number;
  boxes: DayBoxRow[];
};
export type DayReturnRow = { kind: 'provider' | 'sale'; id: number | null; code: string; items: number };
export type DayPosRow = { kind: 'sale' | 'return'; id: number | null; items: number; warnings: number };

export type DayReport = {
  seed: number;
  dayStart: string;
  readersAdded: string[];
  skipped: string[];
  orders: DayOrderRow[];
  returns: DayReturnRow[];
  pos: DayPosRow[];
  /** Reading sets sent, by what the server made of them (`claimed_by`; 'published' over MQTT). */
  claims: Record<string, number>;
  /** Units of T-MAD-01's pick list picked and then read on its sales floor by its handheld (issue 26). */
  replenished: number;
};

type SimReader = { serial: string; mac: string; key: string; transport: Transport; storedSets: number | null };

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

export const playDay = async (plan: DayPlan, env: DayEnv): Promise<DayReport> => {
  const { api, log } = env;
  const fetchImpl = env.fetchImpl ?? fetch;
  const random: Random = seededRandom(plan.seed ^ 0x5eed);
  const report: DayReport = {
    seed: plan.seed,
    dayStart: plan.dayStart.toISOString(),
    readersAdded: [],
    skipped: [],
    orders: [],
    returns: [],
    pos: [],
    claims: {},
    replenished: 0,
  };

  // ---------------------------------------------------------------- where
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

  /** Whether the server has an endpoint (404 with a route message = not built yet). */
  const has = async (path: string) => {
    const r = await api.raw('GET', path);
    return r.status !== 404;
  };
  const hasMovements = await has(`/api/locations/${mad}/v1/exits/?limit=1`);
  const hasOnline = await has(`/api/locations/${mad}/v1/orders/?limit=1`);
  const hasPos = await has(`/api/locations/${store}/sales/?limit=1`);

  // ---------------------------------------------------------------- readers
  const openReader = async (serial: string, mac: string, key: string): Promise<SimReader> => {
    const transport =
      env.transport === 'mqtt'
        ? await mqttTransport({ url: env.mqttUrl ?? 'mqtt://localhost:1883', mac })
        : httpTransport({ server: env.server, key, fetchImpl });
    const reader: SimReader = { serial, mac, key, transport, storedSets: null };
    if (env.transport === 'mqtt') reader.storedSets = await storedSets(reader);
    return reader;
  };
  const storedSets = async (reader: SimReader): Promise<number> => {
    const r = await fetchImpl(new URL('/api/readers/status/', env.server), {
      method: 'GET',
      headers: { authorization: `Device ${reader.key}` },
    });
    if (r.status !== 200) throw new Error(`reader status of ${reader.serial}: HTTP ${r.status}`);
    return (JSON.parse(await r.text()) as { stored_sets: number }).stored_sets;
  };
  const demo = async (serial: string) => {
    const r = findReader(serial);
    if (!r) throw new Error(`no demo reader ${serial}`);
    return openReader(r.serial, r.mac, demoDeviceKey(r.serial));
  };
  /** Adds (or takes over, with a new key) a reader the seed lacks; null when this user may not. */
  const ensureReader = async (spec: (typeof EXTRA_READERS)[number]): Promise<SimReader | null> => {
    try {
      const found = (
        await api.get<Page<Reader>>('/api/readers/', { serial_number__icontains: spec.serial, limit: 100 })
      ).results.find((r) => r.serial_number === spec.serial);
      let key: string;
      if (found) {
        key = (await api.post<ReaderKey>(`/api/readers/${found.id}/rotate_key/`, {})).device_key;
      } else {
        const areas = await api.get<Page<Area>>(`/api/locations/${locationId(spec.location)}/areas/`, { limit: 100 });
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
        key = created.device_key;
        report.readersAdded.push(`${spec.serial} (mode ${spec.mode}, ${spec.location} ${spec.area})`);
      }
      return await openReader(spec.serial, spec.mac, key);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 403 || error.status === 409)) {
        report.skipped.push(`reader ${spec.serial} could not be added (${error.status}): ${error.message}`);
        return null;
      }
      throw error;
    }
  };

  const tunnel = await demo('TUN-MAD-01');
  const exitPortal = await demo('POR-MAD-EXP');
  const storeEntry = await demo('POR-T01-ENT');
  const posPad = await demo('POS-T01-01');
  const onlineExit = hasOnline ? await ensureReader(EXTRA_READERS[0]) : null;
  const posReturnPad = hasPos ? await ensureReader(EXTRA_READERS[1]) : null;
  const readers = [tunnel, exitPortal, storeEntry, posPad, onlineExit, posReturnPad].filter((r): r is SimReader => !!r);

  /** One reading set: detailed reads (tunnel, portals) or plain EPCs (POS pads). */
  const send = async (
    reader: SimReader,
    read: PlannedRead,
    { codebar, kind }: { codebar?: string; kind: 'tunnel' | 'portal' | 'pos' },
  ): Promise<string> => {
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
      while ((await storedSets(reader)) < want) {
        if (Date.now() > deadline) throw new Error(`${reader.serial}: the set over MQTT was not stored within 15 s`);
        await sleep(100);
      }
      reader.storedSets = want;
    } else {
      claim = (result.body as IngestedSetDto).claimed_by ?? 'free';
    }
    report.claims[claim] = (report.claims[claim] ?? 0) + 1;
    log(
      `${reader.serial.padEnd(11)} ${read.at.toISOString().slice(11, 16)} ${String(read.epcs.length).padStart(3)} EPCs${codebar ? ` ${codebar}` : ''} → ${claim}`,
    );
    return claim;
  };

  const iso = (d: Date) => d.toISOString();
  const createBoxes = async (orderId: number, code: string, boxes: readonly PlannedBox[]) => {
    const reception = await api.post<Reception>('/api/receptions/', { reception_code: `${code}-R1`, order_id: orderId });
    const ids: number[] = [];
    for (const box of boxes)
      ids.push(
        (await api.post<Box>('/api/boxes/', { codebar: box.codebar, reception_id: reception.id, contents: box.contents })).id,
      );
    return ids;
  };

  try {
    // ---------------------------------------------------------------- inbound
    const purchaseIds: { id: number; boxIds: number[] }[] = [];
    for (const p of plan.purchases) {
      const provider = providers.results[p.providerIndex % providers.results.length] as Provider;
      const order = await api.post<PurchaseOrder>('/api/porders/', {
        order_code: p.code,
        destination_id: mad,
        origin_id: provider.id,
        creation_date: iso(p.creation),
        estimated_arrival_date: iso(p.estimatedArrival),
      });
      purchaseIds.push({ id: order.id, boxIds: await createBoxes(order.id, p.code, p.boxes) });
      log(`purchase order ${p.code} from ${provider.name}: ${p.boxes.length} boxes`);
    }
    for (const p of plan.purchases)
      for (const box of p.boxes) {
        if (box.firstPass) await send(tunnel, box.firstPass, { codebar: box.codebar, kind: 'tunnel' });
        if (box.read) await send(tunnel, box.read, { codebar: box.codebar, kind: 'tunnel' });
      }

    // Some goods go back to their provider: the exit portal reads them under the order's code.
    await send(exitPortal, plan.providerReturn.read, { codebar: plan.providerReturn.orderCode, kind: 'portal' });

    // ---------------------------------------------------------------- movements
    const movementIds: { id: number; boxIds: number[] }[] = [];
    if (hasMovements) {
      for (const m of plan.movements) {
        const order = await api.post<MovementOrder>('/api/morders/', {
          order_code: m.code,
          origin_id: mad,
          destination_id: store,
          origin_status: 0,
          creation_date: iso(m.creation),
          estimated_exit_date: iso(m.estimatedExit),
          estimated_arrival_date: iso(m.estimatedArrival),
        });
        movementIds.push({ id: order.id, boxIds: await createBoxes(order.id, m.code, m.boxes) });
      }
      for (const m of plan.movements)
        for (const box of m.boxes) if (box.exit) await send(exitPortal, box.exit, { codebar: box.codebar, kind: 'portal' });
    } else {
      report.skipped.push('movements: the server has no /api/locations/{id}/v1/exits/ (issue 6 not built)');
    }

    // ---------------------------------------------------------------- online
    const onlineIds: { id: number; boxIds: number[] }[] = [];
    if (hasOnline && onlineExit) {
      for (const o of plan.online) {
        const order = await api.post<OnlineOrder>('/api/orders/', {
          order_code: o.code,
          origin_id: mad,
          origin_status: 0,
          creation_date: iso(o.creation),
          estimated_exit_date: iso(o.estimatedExit),
        });
        onlineIds.push({ id: order.id, boxIds: await createBoxes(order.id, o.code, o.boxes) });
      }
      for (const o of plan.online)
        for (const box of o.boxes) if (box.exit) await send(onlineExit, box.exit, { codebar: box.codebar, kind: 'portal' });
    } else if (!hasOnline) {
      report.skipped.push('online orders: the server has no /api/locations/{id}/v1/orders/ (issue 6 not built)');
    } else {
      report.skipped.push('online orders: no mode 6 (Exit/Sale) reader at CD-MAD (adding one needs role 1)');
    }

    // arrivals at the store (after the online expedition in time order is not needed: sets carry their own times)
    if (hasMovements)
      for (const m of plan.movements)
        for (const box of m.boxes) if (box.entry) await send(storeEntry, box.entry, { codebar: box.codebar, kind: 'portal' });

    // A customer sends a parcel back: the entry tunnel reads it under the online order's code.
    if (onlineIds.length) await send(tunnel, plan.saleReturn.read, { codebar: plan.saleReturn.orderCode, kind: 'tunnel' });
    else report.skipped.push('sale return: needs an expedited online order');

    // ---------------------------------------------------------------- POS
    // POS transactions carry no code: the day's are those with ids above the last one before it
    const lastPosId = async (plural: string) =>
      (await api.get<Page<PosTransaction>>(`/api/locations/${store}/${plural}/`, { order_by: '-id', limit: 1 })).results[0]?.id ??
      0;
    const posBefore = hasPos
      ? { sales: await lastPosId('sales'), returns: await lastPosId('returns') }
      : { sales: 0, returns: 0 };
    if (hasPos && hasMovements) {
      for (const sale of plan.sales) await send(posPad, sale, { kind: 'pos' });
      if (posReturnPad) for (const r of plan.posReturns) await send(posReturnPad, r, { kind: 'pos' });
      else report.skipped.push('POS return: no mode 5 (POS return) reader at T-MAD-01 (adding one needs role 1)');
    } else {
      report.skipped.push(
        hasPos ? 'POS: the store has no stock without movements' : 'POS: the server has no /api/locations/{id}/sales/',
      );
    }

    // ---------------------------------------------------------------- replenishment (issue 26)
    // The store's pick list names units in its stockroom; a clerk picks the first lines and the sales floor's handheld
    // (HH-T01-01, working mode 2) then sees them on the floor: the server moves them stockroom → floor.
    if (await has(`/api/locations/${store}/replenishment/summary/`)) {
      const list = await api.get<Page<ReplenishmentLine>>(`/api/locations/${store}/replenishment/`, { limit: 3 });
      const picked = list.results.filter((line) => line.epcs.length > 0);
      for (const line of picked) {
        await api.post(`/api/locations/${store}/replenishment/picks/`, {
          gtin: line.gtin,
          status: 'picked',
          quantity: line.to_pick,
        });
      }
      const epcs = picked.flatMap((line) => line.epcs.slice(0, line.to_pick));
      const lastSale = Math.max(plan.dayStart.getTime(), ...plan.sales.map((sale) => sale.at.getTime()));
      if (epcs.length) await send(await demo('HH-T01-01'), { epcs, at: new Date(lastSale + 15 * 60_000) }, { kind: 'portal' });
      report.replenished = epcs.length;
    } else {
      report.skipped.push('replenishment: the server has no /api/locations/{id}/replenishment/ (issue 26 not built)');
    }

    // ---------------------------------------------------------------- what the server made of it
    for (const [i, p] of plan.purchases.entries()) {
      const { id } = purchaseIds[i] as { id: number };
      const order = await api.get<PurchaseOrder>(`/api/porders/${id}/`);
      const boxes = await api.get<Page<Box>>(`/api/porders/${id}/boxes/`, { limit: 100 });
      report.orders.push({
        kind: 'purchase',
        code: p.code,
        id,
        status: order.destination_status,
        boxes: p.boxes.map((b) => {
          const row = boxes.results.find((r) => r.codebar === b.codebar) as Box;
          return { codebar: b.codebar, id: row.id, plan: b.fate, status: row.status, verifications: row.verification_count };
        }),
      });
    }
    for (const [i, m] of plan.movements.entries()) {
      const ids = movementIds[i];
      if (!ids) break;
      const order = await api.get<MovementOrder>(`/api/morders/${ids.id}/`);
      const exits = await api.get<Page<Box>>(`/api/morders/${ids.id}/boxes/`, { side: 'exit', limit: 100 });
      const entries = await api.get<Page<Box>>(`/api/morders/${ids.id}/boxes/`, { side: 'entry', limit: 100 });
      report.orders.push({
        kind: 'movement',
        code: m.code,
        id: ids.id,
        status: order.origin_status,
        entryStatus: order.destination_status,
        boxes: m.boxes.map((b) => {
          const exit = exits.results.find((r) => r.codebar === b.codebar) as Box;
          const entry = entries.results.find((r) => r.codebar === b.codebar) as Box;
          return {
            codebar: b.codebar,
            id: exit.id,
            plan: b.entryFate,
            status: exit.status,
            verifications: exit.verification_count,
            entryStatus: entry.status,
          };
        }),
      });
    }
    for (const [i, o] of plan.online.entries()) {
      const ids = onlineIds[i];
      if (!ids) break;
      const order = await api.get<OnlineOrder>(`/api/orders/${ids.id}/`);
      const boxes = await api.get<Page<OnlineBox>>(`/api/orders/${ids.id}/boxes/`, { limit: 100 });
      report.orders.push({
        kind: 'online',
        code: o.code,
        id: ids.id,
        status: order.origin_status,
        boxes: o.boxes.map((b) => {
          const row = boxes.results.find((r) => r.codebar === b.codebar) as OnlineBox;
          return {
            codebar: b.codebar,
            id: row.id,
            plan: b.exit ? 'expedited' : 'waiting',
            status: row.status,
            verifications: row.verification_count,
          };
        }),
      });
    }
    const providerReturns = await api.get<Page<ProviderReturn>>(`/api/locations/${mad}/provider_returns/`, {
      code__contains: plan.providerReturn.orderCode,
      limit: 100,
    });
    for (const r of providerReturns.results)
      report.returns.push({ kind: 'provider', id: r.id, code: r.code, items: r.real_item_count });
    if (onlineIds.length) {
      const saleReturns = await api.get<Page<SaleReturn>>(`/api/locations/${mad}/sale_returns/`, {
        code__contains: plan.saleReturn.orderCode,
        limit: 100,
      });
      for (const r of saleReturns.results)
        report.returns.push({ kind: 'sale', id: r.id, code: r.code, items: r.real_item_count });
    }
    if (hasPos && hasMovements) {
      const since = new Date(plan.dayStart.getTime() - 60_000).toISOString();
      const ours = (rows: PosTransaction[], reads: readonly PlannedRead[], after: number) =>
        rows.filter((r) => r.id > after && reads.some((s) => Math.abs(Date.parse(r.end_time) - s.at.getTime()) < 5_000));
      const sales = await api.get<Page<PosTransaction>>(`/api/locations/${store}/sales/`, {
        end_time__gte: since,
        order_by: 'end_time',
        limit: 1000,
      });
      for (const s of ours(sales.results, plan.sales, posBefore.sales))
        report.pos.push({ kind: 'sale', id: s.id, items: s.item_count, warnings: s.warning_count });
      if (posReturnPad) {
        const returns = await api.get<Page<PosTransaction>>(`/api/locations/${store}/returns/`, {
          end_time__gte: since,
          limit: 1000,
        });
        for (const s of ours(returns.results, plan.posReturns, posBefore.returns))
          report.pos.push({ kind: 'return', id: s.id, items: s.item_count, warnings: s.warning_count });
      }
    }
  } finally {
    for (const r of readers) await r.transport.close();
  }
  return report;
};

/** A version 4 UUID from the seeded generator, so a seed replays the same reading-set ids. */
const uuidFrom = (random: Random): string => {
  const bytes = Array.from({ length: 16 }, () => Math.floor(random() * 256));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

const ORDER_STATUS = ['pending', 'partly verified', 'verified with errors', 'verified without errors', 'canceled'];
const BOX_STATUS = ['pending', 'verified with errors', 'verified without errors', 'checking', 'canceled'];
const orderStatus = (s: number | undefined) => (s === undefined ? '' : `${s} ${ORDER_STATUS[s] ?? ''}`);

const table = (head: string[], rows: string[][]): string => {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] as number))
      .join('  ')
      .trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
};

/** The summary the CLI prints: orders with their boxes, returns, POS transactions, sets sent. */
export const formatDaySummary = (report: DayReport): string => {
  const out: string[] = [];
  out.push(`Day of seed ${report.seed} (from ${report.dayStart})`);
  if (report.readersAdded.length) out.push(`Readers added: ${report.readersAdded.join(', ')}`);
  out.push(
    '',
    table(
      ['kind', 'order', 'id', 'status', 'entry status', 'boxes (plan → status)'],
      report.orders.map((o) => [
        o.kind,
        o.code,
        String(o.id),
        orderStatus(o.status),
        orderStatus(o.entryStatus),
        o.boxes
          .map(
            (b) =>
              `${b.codebar.slice(b.codebar.lastIndexOf('-') + 1)} ${b.plan} → ${b.status}${b.entryStatus === undefined ? '' : `/${b.entryStatus}`}${b.verifications > 1 ? ` (${b.verifications} verifications)` : ''}`,
          )
          .join(', '),
      ]),
    ),
  );
  out.push(
    '',
    `Box status: ${BOX_STATUS.slice(0, 3)
      .map((s, i) => `${i} ${s}`)
      .join(', ')}; movement boxes show exit/entry.`,
  );
  if (report.returns.length || report.pos.length)
    out.push(
      '',
      table(
        ['kind', 'id', 'code', 'items', 'warnings'],
        [
          ...report.returns.map((r) => [`${r.kind} return`, String(r.id ?? '?'), r.code, String(r.items), '']),
          ...report.pos.map((p) => [`POS ${p.kind}`, String(p.id ?? '?'), '', String(p.items), String(p.warnings)]),
        ],
      ),
    );
  out.push(
    '',
    `Reading sets: ${Object.entries(report.claims)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}`,
  );
  if (report.replenished) out.push(`Replenished: ${report.replenished} units seen on T-MAD-01's sales floor`);
  for (const s of report.skipped) out.push(`Skipped: ${s}`);
  return out.join('\n');
};
