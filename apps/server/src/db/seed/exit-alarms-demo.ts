import { randomUUID } from 'node:crypto';
import { ExitAlarmStatus, ItemState } from '@rfid/contract';
import { and, asc, eq } from 'drizzle-orm';
import { createEngine } from '../../modules/engine/engine.js';
import { readingSetPipeline } from '../../modules/engine/pipeline.js';
import { markAlarmItemLost } from '../../modules/exit-alarms/exit-alarms.engine.js';
import { createExitAlarmsRepository } from '../../modules/exit-alarms/exit-alarms.repository.js';
import { createIngestRepository } from '../../modules/ingest/ingest.repository.js';
import { ingestSet } from '../../modules/ingest/ingest.service.js';
import type { Db } from '../client.js';
import { exitAlarms, items } from '../schema/index.js';
import { demoSites, deviceIdOf, userIdOf } from './demo-lookups.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Demo exit alarms (issue 26) so the exit alarms page and the bell show data on the first start, made as the product
 * makes them: sets of T-MAD-01's exit gate EXIT-T01-01 through ingestion (tags of the store's stock, never sold), then
 * resolved as a user does it:
 *
 * - two open alarms: one 25 minutes ago read three times, one 2 hours ago;
 * - a false alarm yesterday (a shop assistant carried the item), a recovered one 2 days ago, a lost one 3 days ago (its
 *   item UNKNOWN, in no area, through the ledger: the shrink figures count it).
 *
 * Called for the first start only (seed.ts `seedDemoIfEmpty`), after the stock demo whose items it reads.
 */
export const seedExitAlarmsDemo = async (db: Db): Promise<void> => {
  const sites = await demoSites(db);
  const gateId = await deviceIdOf(db, 'EXIT-T01-01');
  const editor = await userIdOf(db, 'editor@demo.local');
  if (!sites || !gateId || !editor) return;
  const gate = await createIngestRepository(db).deviceById(gateId);
  if (!gate) return;
  // One tag of each of five GTINs: five different garments on the page.
  const stocked = await db
    .selectDistinctOn([items.gtin], { epc: items.epc })
    .from(items)
    .where(and(eq(items.locationId, sites.store.id), eq(items.state, ItemState.Stocked)))
    .orderBy(asc(items.gtin), asc(items.id))
    .limit(5);
  if (stocked.length < 5) return;
  const engine = createEngine({ db, pipeline: readingSetPipeline({ isHandlersOnly: true }) });
  const now = Date.now();
  /** One pass of the tag through the gate `at` (a set of two seconds). */
  const pass = (epc: string, at: number) =>
    ingestSet(engine, gate, {
      id: randomUUID(),
      startTime: new Date(at - 2000),
      endTime: new Date(at),
      codebar: null,
      reads: [{ epc, time: new Date(at), antenna: 1, rssi: -60 }],
    });
  const plan: { ago: number; reads: number; status: ExitAlarmStatus; note: string }[] = [
    { ago: 25 * MINUTE, reads: 3, status: ExitAlarmStatus.Open, note: '' },
    { ago: 2 * HOUR, reads: 1, status: ExitAlarmStatus.Open, note: '' },
    { ago: DAY, reads: 2, status: ExitAlarmStatus.FalseAlarm, note: 'Dependienta con la prenda' },
    { ago: 2 * DAY, reads: 1, status: ExitAlarmStatus.Recovered, note: 'Devuelta en la puerta' },
    { ago: 3 * DAY, reads: 2, status: ExitAlarmStatus.Lost, note: '' },
  ];
  for (const [index, { ago, reads, status, note }] of plan.entries()) {
    const epc = stocked[index]?.epc as string;
    for (let read = 0; read < reads; read += 1) await pass(epc, now - ago + read * 5000);
    if (status === ExitAlarmStatus.Open) continue;
    const at = new Date(now - ago + 10 * MINUTE);
    await engine.transaction(async (scope) => {
      const [alarm] = await scope.tx.select().from(exitAlarms).where(eq(exitAlarms.epc, epc));
      if (!alarm) return;
      await createExitAlarmsRepository(scope.tx).resolve(alarm.id, { status, note, userId: editor, at });
      if (status === ExitAlarmStatus.Lost) await markAlarmItemLost(scope, alarm, at);
    });
  }
};
