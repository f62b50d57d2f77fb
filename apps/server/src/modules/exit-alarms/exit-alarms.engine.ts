import { randomUUID } from 'node:crypto';
import { ExitAlarmStatus, ItemState, LiveTopic } from '@rfid/contract';
import type { Tx } from '../../db/client.js';
import type { EngineScope, IngestedSet, ReadingSetHandler } from '../engine/dispatch.js';
import { MoveReason } from '../engine/events.js';
import { noteLive } from '../live/live.service.js';
import { emitExitAlarms } from '../webhooks/emit-changes.js';
import { insertLostSet, raiseExitAlarms } from './exit-alarms.repository.js';
import { DEFAULT_EXIT_ALARM_WINDOW_S } from './exit-alarms.rules.js';

/** The claim of a set an exit gate (working mode 8) read. */
export const EXIT_GATE_CLAIM = 'exit-gate';

/** At most this many alarm ids and EPCs in a live row (the payload stays small; `count` says how many in all). */
const LIVE_LIST_MAX = 20;

/**
 * An exit gate's set (issue 26, working mode 8), inside the ingest transaction whose items are locked by id: every tag
 * that was not SOLD before the set raises an exit alarm, or counts as one more read of its item's alarm within the
 * window (exit-alarms.repository.ts); a sold tag passes in silence. Nothing moves. The set is the gate's whatever it
 * read (claimed even when empty or all sold); the alarms are a live row of the same transaction, so the open pages hear
 * of them as it commits. A resent set is not offered again (ingestion stores a set once), so it never doubles an alarm.
 */
export const createExitGateHandler =
  ({ windowS = DEFAULT_EXIT_ALARM_WINDOW_S }: { windowS?: number } = {}): ReadingSetHandler =>
  async ({ tx }: EngineScope, set: IngestedSet) => {
    const unsold = set.epcs.filter((e) => e.stateBefore !== ItemState.Sold);
    if (unsold.length === 0) return EXIT_GATE_CLAIM;
    const raised = await raiseExitAlarms(tx, {
      companyId: set.companyId,
      locationId: set.locationId,
      areaId: set.areaId,
      deviceId: set.deviceId,
      at: set.endTime,
      windowS,
      items: unsold.map((e) => ({ itemId: e.itemId, epc: e.epc, gtin: e.gtin, stateBefore: e.stateBefore })),
    });
    // Issue 27: each new alarm an `exit_alarm.changed` webhook (a repeated read of an open alarm is not a change).
    await emitExitAlarms(
      tx,
      raised
        .filter((a) => a.isNew)
        .map((a) => ({
          id: a.id,
          companyId: set.companyId,
          locationId: set.locationId,
          epc: a.epc,
          change: 'raised' as const,
          status: ExitAlarmStatus.Open,
          at: set.endTime,
        })),
    );
    noteLive(tx, {
      companyId: set.companyId,
      locationId: set.locationId,
      topic: LiveTopic.ExitAlarm,
      payload: {
        alarms: raised.slice(0, LIVE_LIST_MAX).map((a) => a.id),
        epcs: raised.slice(0, LIVE_LIST_MAX).map((a) => a.epc),
        count: raised.length,
        raised: raised.filter((a) => a.isNew).length,
      },
    });
    return EXIT_GATE_CLAIM;
  };

/**
 * An alarm marked lost (inside the engine transaction that resolves it): its item becomes UNKNOWN in no area and no
 * location through the ledger (MoveReason.ExitLost: EPCIS disposition `stolen`), traced in a reading set of no reader
 * at the alarm's location and area, so the EPC tracker shows why it left.
 */
export const markAlarmItemLost = async (
  { tx, ledger }: EngineScope,
  alarm: { companyId: number; locationId: number; areaId: number | null; itemId: number },
  at: Date,
): Promise<void> => {
  const setId = randomUUID();
  await insertLostSet(tx, { id: setId, companyId: alarm.companyId, locationId: alarm.locationId, areaId: alarm.areaId, at });
  await ledger.move({
    items: [alarm.itemId],
    to: { state: ItemState.Unknown, areaId: null, locationId: null },
    why: MoveReason.ExitLost,
    readingSetId: setId,
    at,
    isSeen: false,
    isTraced: true,
  });
};

/** The live row of a resolved alarm (its location's pages and bells refresh). */
export const noteAlarmResolved = (tx: Tx, alarm: { id: number; companyId: number; locationId: number; epc: string }): void =>
  noteLive(tx, {
    companyId: alarm.companyId,
    locationId: alarm.locationId,
    topic: LiveTopic.ExitAlarm,
    payload: { alarms: [alarm.id], epcs: [alarm.epc], count: 1, raised: 0 },
  });
