import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { encodeSgtin96 } from '@rfid/epc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoItemTypes, demoDeviceKey } from '../db/seed/demo-data.js';
import { buildTestApp, type TestApp } from '../test/helpers.js';
import {
  hasPrometheus,
  hasPromtool,
  type PrometheusProcess,
  prometheusBin,
  prometheusOrSkip,
  promtool,
  promtoolBin,
  scrapedNames,
  startPrometheus,
} from '../test/prometheus.js';

const repoFile = (relative: string) => new URL(`../../../../${relative}`, import.meta.url);
const ALERTS = repoFile('deploy/prometheus/alerts.yml');
const DASHBOARD = repoFile('deploy/grafana/rfid-dashboard.json');

const gtins = buildDemoItemTypes(3).map((item) => item.gtin);
const epcOf = (index: number, serial: number) =>
  encodeSgtin96({ gtin: gtins[index % gtins.length] as string, serial: String(serial), companyPrefixLength: 7 });
const READER = demoDeviceKey('TUN-MAD-01');

/** Every `rfid_…` name an expression uses (the others are PromQL's own: functions, `up`, label names). */
const metricNamesOf = (expr: string): string[] => [...expr.matchAll(/\brfid_[a-z0-9_]+/g)].map(([name]) => name);

/** Every `expr` of a Grafana dashboard (its panels' targets, nested rows included). */
const dashboardExprs = (node: unknown): string[] => {
  if (Array.isArray(node)) return node.flatMap(dashboardExprs);
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'expr' && typeof value === 'string' ? [value] : dashboardExprs(value),
  );
};

describe('metrics: Prometheus scrapes them, the alert rules and the dashboard use them', () => {
  let t: TestApp;
  let target: string;
  let scrape: string;
  let prometheus: PrometheusProcess | undefined;
  const runPrometheus = prometheusOrSkip(prometheusBin, hasPrometheus);
  const runPromtool = prometheusOrSkip(promtoolBin, hasPromtool);

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (address === null || typeof address !== 'object') throw new Error('the test app does not listen');
    target = `127.0.0.1:${address.port}`;
    // Some of every kind the histograms and counters take, so that each labelled series exists in the scrape.
    scrape = await (await fetch(`http://${target}/metrics`)).text();
  });
  afterAll(async () => {
    await prometheus?.stop();
    await t.close();
  });

  it.skipIf(!runPrometheus)(
    'a real Prometheus scrapes /metrics: the target is up, requests are timed by route template, reads counted by transport',
    async () => {
      prometheus = await startPrometheus(target);
      const base = `http://${target}`;
      // Three requests to one route template, with three different raw URLs (ids): one series.
      for (const id of ['1', '2', '999999']) {
        const response = await fetch(`${base}/api/locations/${id}/`, { headers: { authorization: 'Token nope' } });
        expect(response.status).toBe(401);
      }
      const set = await fetch(`${base}/api/readingsets/`, {
        method: 'POST',
        headers: { authorization: `Device ${READER}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          id: randomUUID(),
          start_time: '2026-11-20T10:00:00Z',
          end_time: '2026-11-20T10:00:05Z',
          epcs: [epcOf(0, 901), epcOf(1, 902), epcOf(2, 903), epcOf(2, 903)],
        }),
      });
      expect(set.status).toBe(201);
      const stream = await fetch(`${base}/api/readers/stream/`, {
        method: 'POST',
        headers: { authorization: `Device ${READER}`, 'content-type': 'application/json' },
        body: JSON.stringify(
          [0, 1, 2].map((i) => ({
            timestamp: `2026-11-20T12:00:00.${i}00+0000`,
            data: { idHex: epcOf(i, 910 + i), antenna: 1 },
          })),
        ),
      });
      expect(stream.status).toBe(202);

      const running = prometheus;
      const valuesOf = async (expr: string) => (await running.query(expr)).map((sample) => sample.value);
      await expect.poll(() => valuesOf('up{job="rfid"}'), { timeout: 60_000, interval: 500 }).toEqual([1]);
      await expect
        .poll(
          () =>
            valuesOf(
              'rfid_http_request_duration_seconds_count{job="rfid",method="GET",route="/api/locations/:id/",status_class="4xx"}',
            ),
          { timeout: 30_000, interval: 500 },
        )
        .toEqual([3]);
      // No series is labelled with a raw URL.
      expect(await running.query('rfid_http_request_duration_seconds_count{route=~".*/999999/.*"}')).toEqual([]);
      await expect
        .poll(() => valuesOf('rfid_reads_received_total{job="rfid",transport="http",kind="set"}'), {
          timeout: 30_000,
          interval: 500,
        })
        .toEqual([4]);
      await expect
        .poll(() => valuesOf('rfid_reads_received_total{job="rfid",transport="http",kind="stream"}'), {
          timeout: 30_000,
          interval: 500,
        })
        .toEqual([3]);
      await expect
        .poll(() => valuesOf('rfid_stream_reads_staged_total{job="rfid",outcome="staged"}'), { timeout: 30_000, interval: 500 })
        .toEqual([3]);
      // Read from the database on scrape: the demo's readers.
      expect((await running.query('rfid_readers_registered{job="rfid"}'))[0]?.value).toBeGreaterThan(0);
      // The reader that just sent is online (heard from within the minute), once the gauges are read again (≤ 5 s).
      await expect
        .poll(async () => (await running.query('rfid_readers_online{job="rfid"}'))[0]?.value ?? 0, {
          timeout: 30_000,
          interval: 500,
        })
        .toBeGreaterThanOrEqual(1);
      expect((await running.query('rfid_db_pool_connections{job="rfid",state="total"}'))[0]?.value).toBeGreaterThanOrEqual(1);
    },
    120_000,
  );

  it.skipIf(!runPromtool)('promtool accepts the alert rules', async () => {
    const { stdout } = await promtool('check', 'rules', ALERTS.pathname);
    expect(stdout).toMatch(/SUCCESS: \d+ rules found/);
  });

  it('the alert rules and the dashboard name only metrics /metrics serves', () => {
    const names = scrapedNames(scrape);
    const alertExprs = [...readFileSync(ALERTS, 'utf8').matchAll(/^\s+expr: (.+)$/gm)].map(([, expr]) => expr ?? '');
    expect(alertExprs.length).toBeGreaterThanOrEqual(7);
    const dashboard: unknown = JSON.parse(readFileSync(DASHBOARD, 'utf8'));
    const panelExprs = dashboardExprs(dashboard);
    expect(panelExprs.length).toBeGreaterThanOrEqual(8);
    const unknown = [...alertExprs, ...panelExprs].flatMap(metricNamesOf).filter((name) => !names.has(name));
    expect(unknown).toEqual([]);
  });
});
