import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports.js';

/** Debian's `prometheus` and `promtool` (apt-get install prometheus); PROMETHEUS_BIN / PROMTOOL_BIN override. */
export const prometheusBin = process.env.PROMETHEUS_BIN ?? '/usr/bin/prometheus';
export const promtoolBin = process.env.PROMTOOL_BIN ?? '/usr/bin/promtool';
export const hasPrometheus = existsSync(prometheusBin);
export const hasPromtool = existsSync(promtoolBin);
/** CI sets REQUIRE_PROMETHEUS=1: there a missing binary fails the tests instead of skipping them. */
export const isPrometheusRequired = process.env.REQUIRE_PROMETHEUS === '1';

/** Says why a Prometheus test is skipped (once per file), or throws when the binary is required. */
export const prometheusOrSkip = (binary: string, isPresent: boolean): boolean => {
  if (isPresent) return true;
  if (isPrometheusRequired) throw new Error(`REQUIRE_PROMETHEUS=1 but ${binary} is missing (apt-get install -y prometheus)`);
  console.warn(
    `${binary} is missing: the Prometheus tests are skipped (apt-get install -y prometheus; REQUIRE_PROMETHEUS=1 fails instead)`,
  );
  return false;
};

export const promtool = async (...args: string[]) => promisify(execFile)(promtoolBin, args);

export type PrometheusProcess = {
  url: string;
  /** GET /api/v1/query: the result vector (labels and value) of an instant query. */
  query: (expr: string) => Promise<{ metric: Record<string, string>; value: number }[]>;
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * A Prometheus of a test's own: its own temp folder (configuration, TSDB) and port, scraping `target` (host:port)
 * every second as job `rfid`; stopped (SIGTERM, then SIGKILL) and its folder removed by `stop`.
 */
export const startPrometheus = async (target: string): Promise<PrometheusProcess> => {
  const folder = mkdtempSync(path.join(tmpdir(), 'rfid-prometheus-'));
  const port = await freePort();
  const config = path.join(folder, 'prometheus.yml');
  writeFileSync(
    config,
    [
      'global:',
      '  scrape_interval: 1s',
      '  evaluation_interval: 1s',
      'scrape_configs:',
      '  - job_name: rfid',
      '    metrics_path: /metrics',
      '    static_configs:',
      `      - targets: ['${target}']`,
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(
    prometheusBin,
    [`--config.file=${config}`, `--storage.tsdb.path=${path.join(folder, 'data')}`, `--web.listen-address=127.0.0.1:${port}`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let text = '';
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const query = async (expr: string) => {
    const response = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expr)}`, {
      signal: AbortSignal.timeout(5_000),
    });
    const body = (await response.json()) as {
      status: string;
      error?: string;
      data?: { result: { metric: Record<string, string>; value: [number, string] }[] };
    };
    if (body.status !== 'success') throw new Error(`query ${expr}: ${body.error ?? response.status}`);
    return (body.data?.result ?? []).map((sample) => ({ metric: sample.metric, value: Number(sample.value[1]) }));
  };
  return {
    url,
    query,
    output: () => text,
    stop: async () => {
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      clearTimeout(killer);
      rmSync(folder, { recursive: true, force: true });
    },
  };
};

/** The metric families a `/metrics` text names (`# TYPE` lines) with the series names they write (_bucket, _sum …). */
export const scrapedNames = (text: string): Set<string> => {
  const names = new Set<string>();
  for (const match of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    const [, name = '', type] = match;
    names.add(name);
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
    if (type === 'summary') for (const suffix of ['_sum', '_count']) names.add(`${name}${suffix}`);
  }
  return names;
};
