import type { ApiClient } from './api.js';
import { readsOf } from './epcs.js';
import { type ScenarioContext, type ScenarioReport, sendReads } from './scenarios.js';

/** The demo's exit gate (working mode 8) and the till of the same store (T-MAD-01). */
export const EXIT_GATE = 'EXIT-T01-01';
export const EXIT_TILL = 'POS-T01-01';

/** What the exit scenario sent and what should alarm. */
export type ExitReport = { sold: string[]; unsold: string[]; sets: ScenarioReport[] };

/**
 * The EPCs STOCKED at the location of the reader `serial` (up to `limit`), read through the API as the signed-in user:
 * real tags of the store, never sold.
 */
export const stockOfReaderLocation = async (api: ApiClient, serial: string, limit: number): Promise<string[]> => {
  const readers = await api.get<{ results: Array<{ serial_number: string; location_id: number }> }>('/api/readers/', {
    serial_number__icontains: serial,
    limit: 100,
  });
  const location = readers.results.find((r) => r.serial_number === serial)?.location_id;
  if (location === undefined) throw new Error(`reader ${serial} not found (is the demo loaded?)`);
  const page = await api.get<{ results: Array<{ epc: string }> }>('/api/items/', { location, state: 0, limit });
  return page.results.map((r) => r.epc);
};

/**
 * `npm run simulate -- exit` (issue 26): `sold` tags of the store's stock are sold at its till (POS-T01-01) first; then
 * they and `unsold` other tags of its stock pass the exit gate EXIT-T01-01 in one set. Each unsold tag should raise an
 * exit alarm (one per item, however often read within EXIT_ALARM_WINDOW_S); the sold ones pass in silence.
 */
export const exitScenario = async (
  { api, gate, till }: { api: ApiClient; gate: ScenarioContext; till: ScenarioContext },
  { sold = 2, unsold = 3 }: { sold?: number; unsold?: number } = {},
): Promise<ExitReport> => {
  const stock = await stockOfReaderLocation(api, gate.device, sold + unsold);
  if (stock.length < sold + unsold) throw new Error(`the store has ${stock.length} tags in stock, ${sold + unsold} needed`);
  const soldEpcs = stock.slice(0, sold);
  const unsoldEpcs = stock.slice(sold, sold + unsold);
  const now = new Date();
  const sets: ScenarioReport[] = [];
  if (soldEpcs.length) {
    const sale = readsOf({ epcs: soldEpcs, start: now, durationMs: 1_000, antennas: 1, maxReadsPerTag: 1, random: till.random });
    sets.push(await sendReads(till, 'pos', sale, { isDetailed: false }));
  }
  const pass = readsOf({
    epcs: [...soldEpcs, ...unsoldEpcs],
    start: new Date(now.getTime() + 2_000),
    durationMs: 2_000,
    antennas: 2,
    maxReadsPerTag: 3,
    random: gate.random,
  });
  sets.push(await sendReads(gate, 'exit', pass));
  return { sold: soldEpcs, unsold: unsoldEpcs, sets };
};

/** The lines the scenario prints: what passed in silence and what should alarm. */
export const formatExitReport = ({ sold, unsold }: ExitReport): string =>
  [
    `exit ${EXIT_GATE}: ${sold.length + unsold.length} tags through the gate`,
    ...sold.map((epc) => `  sold, passes in silence: ${epc}`),
    ...unsold.map((epc) => `  NOT sold, should alarm:  ${epc}`),
    `Open /exit-alarms with T-MAD-01 chosen: ${unsold.length} new alarm(s).`,
  ].join('\n');
