import { describe, expect, it } from 'vitest';
import { countReads, createDatabaseGauges, metricsRegistry, newestOf } from './metrics.js';
import type { MetricsRepository, MetricsSnapshot } from './metrics.repository.js';

/** The value of one series in the registry's text, or undefined when the series is not there. */
const seriesValue = async (series: string): Promise<number | undefined> => {
  const text = await metricsRegistry.metrics();
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

const snapshot = (online: number): MetricsSnapshot => ({
  jobs: [
    { kind: 'sticker-pdf', state: 'queued', count: 2 },
    { kind: 'sticker-pdf', state: 'failed', count: 1 },
  ],
  printOrders: [{ state: 'ERROR', count: 3 }],
  webhookDeliveries: [{ state: 'pending', count: 4 }],
  readers: { online, registered: 9 },
});

/** A repository whose answers the test sets, counting the reads. */
const fakeRepository = () => {
  const state: { next: () => Promise<MetricsSnapshot>; reads: number } = { next: async () => snapshot(5), reads: 0 };
  const repository: MetricsRepository = {
    snapshot: () => {
      state.reads += 1;
      return state.next();
    },
  };
  return { state, repository };
};
const silent = { warn: () => {} };

describe('the gauges read from the database on scrape', () => {
  it('sets every state of the contract (0 when the table holds none) from one read', async () => {
    const { repository } = fakeRepository();
    await createDatabaseGauges({ repository, log: silent }).refresh();
    expect(await seriesValue('rfid_jobs{kind="sticker-pdf",state="queued"}')).toBe(2);
    expect(await seriesValue('rfid_jobs{kind="sticker-pdf",state="failed"}')).toBe(1);
    expect(await seriesValue('rfid_jobs{kind="sticker-pdf",state="running"}')).toBe(0);
    expect(await seriesValue('rfid_print_orders{state="ERROR"}')).toBe(3);
    expect(await seriesValue('rfid_print_orders{state="PENDING"}')).toBe(0);
    expect(await seriesValue('rfid_webhook_deliveries{state="pending"}')).toBe(4);
    expect(await seriesValue('rfid_webhook_deliveries{state="failed"}')).toBe(0);
    expect(await seriesValue('rfid_webhook_deliveries{state="succeeded"}')).toBeUndefined();
    expect(await seriesValue('rfid_readers_online')).toBe(5);
    expect(await seriesValue('rfid_readers_registered')).toBe(9);
  });

  it('reads the database at most once per interval, one read for scrapes at once', async () => {
    const { state, repository } = fakeRepository();
    let clock = 1_000_000;
    const gauges = createDatabaseGauges({ repository, log: silent, everyMs: 5_000, now: () => clock });
    await Promise.all([gauges.refresh(), gauges.refresh()]);
    expect(state.reads).toBe(1);
    clock += 4_999;
    await gauges.refresh();
    expect(state.reads).toBe(1);
    state.next = async () => snapshot(7);
    clock += 1;
    await gauges.refresh();
    expect(state.reads).toBe(2);
    expect(await seriesValue('rfid_readers_online')).toBe(7);
  });

  it('keeps the last values and counts the failure when the database does not answer', async () => {
    const { state, repository } = fakeRepository();
    let clock = 0;
    const warnings: string[] = [];
    const gauges = createDatabaseGauges({
      repository,
      log: { warn: (_details: unknown, message?: string) => warnings.push(message ?? '') },
      now: () => clock,
    });
    state.next = async () => snapshot(6);
    await gauges.refresh();
    const failuresBefore = (await seriesValue('rfid_metrics_database_refresh_failures_total')) ?? 0;
    state.next = async () => Promise.reject(new Error('connection refused'));
    clock += 60_000;
    await expect(gauges.refresh()).resolves.toBeUndefined();
    expect(await seriesValue('rfid_readers_online')).toBe(6);
    expect(await seriesValue('rfid_metrics_database_refresh_failures_total')).toBe(failuresBefore + 1);
    expect(warnings).toEqual(['metrics: reading the database gauges failed']);
  });
});

describe('reads counted by transport', () => {
  it('adds the reads to their transport and kind; none is nothing', async () => {
    const before = (await seriesValue('rfid_reads_received_total{transport="llrp",kind="stream"}')) ?? 0;
    countReads('llrp', 'stream', 3, new Date(Date.now() - 2_000));
    countReads('llrp', 'stream', 0);
    expect(await seriesValue('rfid_reads_received_total{transport="llrp",kind="stream"}')).toBe(before + 3);
    expect(await seriesValue('rfid_reads_age_at_receipt_seconds_count{transport="llrp"}')).toBe(1);
  });

  it('takes the newest read time of a batch', () => {
    const times = ['2026-11-20T10:00:02Z', '2026-11-20T10:00:09Z', '2026-11-20T10:00:01Z'].map((time) => ({
      time: new Date(time),
    }));
    expect(newestOf(times)?.toISOString()).toBe('2026-11-20T10:00:09.000Z');
    expect(newestOf([])).toBeUndefined();
  });
});
