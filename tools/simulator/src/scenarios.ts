import { randomUUID } from 'node:crypto';
import type { Random, SimRead, TagFactory } from './epcs.js';
import { readsOf } from './epcs.js';
import { toImpinjEvents, toSetBody, toZebraEvents } from './formats.js';
import type { SendResult, Transport } from './transport.js';

/** Stream formats: Zebra IoT Connector, Impinj IoT Device Interface as it comes (base64 `epc`), or with `epcHex` on. */
export type StreamFormat = 'zebra' | 'impinj' | 'impinj-hex';

const toStreamEvents = (format: StreamFormat, reads: Parameters<typeof toZebraEvents>[0], device: string) =>
  format === 'zebra'
    ? toZebraEvents(reads)
    : toImpinjEvents(reads, `impinj-${device.toLowerCase()}`, { withEpcHex: format === 'impinj-hex' });

export type ScenarioContext = {
  device: string;
  transport: Transport;
  tags: TagFactory;
  random: Random;
  /** Fixed EPCs instead of generated ones (e.g. to follow one tag in the tracker). */
  epcs?: readonly string[];
  log: (line: string) => void;
};

export type ScenarioReport = {
  scenario: string;
  device: string;
  sets: string[];
  epcs: string[];
  reads: number;
  results: SendResult[];
};

const pickEpcs = (ctx: ScenarioContext, count: number, gtinCount?: number) =>
  ctx.epcs?.length ? [...ctx.epcs] : ctx.tags.tags(count, ctx.random, gtinCount);

const describe = (r: SendResult) =>
  r.status === 0 ? `published in ${r.ms.toFixed(0)} ms` : `HTTP ${r.status} in ${r.ms.toFixed(0)} ms`;

const check = (r: SendResult) => {
  if (r.status >= 400) throw new Error(`server answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r;
};

/** One reading set (tunnel box, POS sale, handheld chunk, exit gate pass) over the transport. */
export const sendReads = async (
  ctx: ScenarioContext,
  name: string,
  reads: SimRead[],
  { codebar, isDetailed = true }: { codebar?: string; isDetailed?: boolean } = {},
): Promise<ScenarioReport> => {
  const id = randomUUID();
  const body = toSetBody({ id, device: ctx.device, reads, codebar, isDetailed });
  const result = check(await ctx.transport.sendSet(body));
  const epcs = [...new Set(reads.map((r) => r.epc))];
  ctx.log(
    `${name} ${ctx.device}: set ${id} with ${epcs.length} EPCs (${reads.length} reads)${codebar ? ` box ${codebar}` : ''}, ${describe(result)}`,
  );
  return { scenario: name, device: ctx.device, sets: [id], epcs, reads: reads.length, results: [result] };
};

/** A box goes through an inbound tunnel: 4 antennas, each tag read a few times in 3 s. */
export const tunnel = (ctx: ScenarioContext, { count = 40, codebar }: { count?: number; codebar?: string } = {}) =>
  sendReads(
    ctx,
    'tunnel',
    readsOf({
      epcs: pickEpcs(ctx, count, 1 + Math.floor(ctx.random() * 4)),
      start: new Date(),
      durationMs: 3_000,
      antennas: 4,
      maxReadsPerTag: 4,
      random: ctx.random,
    }),
    { codebar },
  );

/** A POS sale: a handful of tags on the pad, sent as plain EPCs. */
export const pos = (ctx: ScenarioContext, { count = 3 }: { count?: number } = {}) =>
  sendReads(
    ctx,
    'pos',
    readsOf({
      epcs: pickEpcs(ctx, count, count),
      start: new Date(),
      durationMs: 1_000,
      antennas: 1,
      maxReadsPerTag: 2,
      random: ctx.random,
    }),
    { isDetailed: false },
  );

/**
 * A handheld inventory of an area: `count` tags read, sent as sets of at most `batch` EPCs. With
 * the area's `stock` (its EPCs STOCKED there), the handheld reads that stock first, missing about
 * `missRate` of it (lost items), then tags that were never stocked (excess) up to `count`; the
 * server adds every set to the area's open inventory (opening one with the first).
 */
export const handheld = async (
  ctx: ScenarioContext,
  {
    count = 500,
    batch = 1_000,
    stock = [],
    missRate = 0.03,
  }: { count?: number; batch?: number; stock?: readonly string[]; missRate?: number } = {},
) => {
  const found = stock.filter(() => ctx.random() >= missRate).slice(0, count);
  const fresh = count - found.length;
  const epcs = [...found, ...(fresh > 0 ? pickEpcs(ctx, fresh, Math.max(1, Math.ceil(fresh / 12))) : [])];
  if (stock.length)
    ctx.log(`handheld ${ctx.device}: ${found.length} of the area's ${stock.length} stocked tags, ${Math.max(0, fresh)} others`);
  const report: ScenarioReport = { scenario: 'handheld', device: ctx.device, sets: [], epcs: [], reads: 0, results: [] };
  let start = Date.now() - Math.ceil(epcs.length / batch) * 20_000;
  for (let i = 0; i < epcs.length; i += batch) {
    const reads = readsOf({
      epcs: epcs.slice(i, i + batch),
      start: new Date(start),
      durationMs: 15_000,
      antennas: 1,
      maxReadsPerTag: 2,
      random: ctx.random,
    });
    start += 20_000;
    const part = await sendReads(ctx, 'handheld', reads);
    report.sets.push(...part.sets);
    report.epcs.push(...part.epcs);
    report.reads += part.reads;
    report.results.push(...part.results);
  }
  return report;
};

/**
 * A portal streams single reads as tags pass (Zebra or Impinj events); the server groups them
 * into a set after the idle gap. With `isRealtime` events are sent as they happen, otherwise at
 * once with their own timestamps (a reader flushing its buffer), `perMessage` events a message.
 */
export const portal = async (
  ctx: ScenarioContext,
  {
    count = 25,
    format = 'zebra',
    isRealtime = false,
    perMessage = 1,
    start = new Date(),
    durationMs = 5_000,
  }: { count?: number; format?: StreamFormat; isRealtime?: boolean; perMessage?: number; start?: Date; durationMs?: number } = {},
): Promise<ScenarioReport> => {
  const reads = readsOf({ epcs: pickEpcs(ctx, count), start, durationMs, antennas: 2, maxReadsPerTag: 3, random: ctx.random });
  const events = toStreamEvents(format, reads, ctx.device);
  const results: SendResult[] = [];
  const t0 = Date.now();
  for (let i = 0; i < events.length; i += perMessage) {
    if (isRealtime) {
      const due = (reads[i] as SimRead).time.getTime() - start.getTime();
      const wait = due - (Date.now() - t0);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    results.push(check(await ctx.transport.sendEvents(events.slice(i, i + perMessage))));
  }
  const epcs = [...new Set(reads.map((r) => r.epc))];
  ctx.log(
    `portal ${ctx.device}: ${reads.length} ${format} reads of ${epcs.length} tags in ${results.length} messages over ${ctx.transport.name}; the server groups them after its idle gap`,
  );
  return { scenario: 'portal', device: ctx.device, sets: [], epcs, reads: reads.length, results };
};

/**
 * A reader back after an outage replays its buffer: `count` reads taken over `hours` hours,
 * sent as fast as possible in messages of `perMessage` events.
 */
export const replay = async (
  ctx: ScenarioContext,
  {
    count = 66_000,
    hours = 4,
    perMessage = 1_000,
    format = 'zebra',
  }: { count?: number; hours?: number; perMessage?: number; format?: StreamFormat } = {},
): Promise<ScenarioReport> => {
  const tagsPerBurst = 60;
  const bursts = Math.ceil(count / (tagsPerBurst * 2));
  const spacing = (hours * 3_600_000) / bursts;
  const begin = Date.now() - hours * 3_600_000;
  const reads: SimRead[] = [];
  for (let b = 0; b < bursts && reads.length < count; b++) {
    const epcs = ctx.tags.tags(tagsPerBurst, ctx.random);
    for (const epc of epcs) {
      for (let k = 0; k < 2 && reads.length < count; k++) {
        reads.push({
          epc,
          time: new Date(begin + b * spacing + Math.floor(ctx.random() * 4_000)),
          antenna: 1 + k,
          rssi: -70 + Math.round(ctx.random() * 25),
        });
      }
    }
  }
  reads.sort((a, b) => a.time.getTime() - b.time.getTime());
  const events = toStreamEvents(format, reads, ctx.device);
  const results: SendResult[] = [];
  for (let i = 0; i < events.length; i += perMessage)
    results.push(check(await ctx.transport.sendEvents(events.slice(i, i + perMessage))));
  const epcs = [...new Set(reads.map((r) => r.epc))];
  ctx.log(
    `replay ${ctx.device}: ${reads.length} buffered reads (${bursts} passes over ${hours} h) in ${results.length} messages`,
  );
  return { scenario: 'replay', device: ctx.device, sets: [], epcs, reads: reads.length, results };
};
