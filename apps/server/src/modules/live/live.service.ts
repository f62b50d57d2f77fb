import { PassThrough, type Readable } from 'node:stream';
import { type LiveEvent, LiveTopic } from '@rfid/contract';
import type { Database, DbOrTx, Tx } from '../../db/client.js';
import type { JobKind, JobLog } from '../../workers/job-runner.js';
import type { CommitHook } from '../engine/pipeline.js';
import { emitAvailabilityOfLiveRows } from '../webhooks/emit-changes.js';
import {
  companiesOfLocations,
  insertLiveRows,
  LIVE_CHANNEL,
  type LiveRow,
  liveEventsAfter,
  liveEventsByIds,
  pruneLiveEvents,
  type StoredLiveEvent,
} from './live.repository.js';
import { availabilityRows, isHeardBy, mergeLiveRows, rowsOfMoves, topicOfClaim } from './live.rules.js';

export type { LiveRow } from './live.repository.js';

/**
 * Live updates (issue 17 item 5). The rows of `live_events` are the truth: every change the browsers should hear of is
 * written in the transaction that made it, and its ids are NOTIFYed on `live_events` (delivered at commit, to every
 * process). Each process LISTENs once (the hub below), reads the new rows by id and pushes each to the streams of the
 * users who may see its location. A stream that comes back with `Last-Event-ID` is replayed the rows after it.
 */

/** Rows noted by the work of an engine transaction (ingestion), written with its moves' rows before it commits. */
const notes = new WeakMap<Tx, LiveRow[]>();

/** Notes a row to write when the engine transaction `tx` commits (with the rows of its moves, merged per topic and location). */
export const noteLive = (tx: Tx, row: LiveRow): void => {
  const list = notes.get(tx) ?? [];
  list.push(row);
  notes.set(tx, list);
};

/**
 * Notes a stored reading set (engine/pipeline.ts, after its handlers): a `reading-set` row (its reader, area, claim and EPC count) and,
 * when a claim owns it, a row of the topic the claim changes (orders, inventory, pos) even when no item moved.
 */
export const noteReadingSet = (
  tx: Tx,
  set: {
    id: string;
    companyId: number;
    locationId: number;
    deviceId: number;
    areaId: number;
    claim: string | null;
    epcCount: number;
  },
): void => {
  const { companyId, locationId } = set;
  noteLive(tx, {
    companyId,
    locationId,
    topic: LiveTopic.ReadingSet,
    payload: { set: set.id, device: set.deviceId, area: set.areaId, claim: set.claim, epcs: set.epcCount },
  });
  const topic = topicOfClaim(set.claim);
  if (topic) noteLive(tx, { companyId, locationId, topic, payload: { claim: set.claim, area: set.areaId } });
};

/** The `live` commit hook of the engine's pipeline (engine/pipeline.ts): the transaction's noted rows and its moves' rows, once each. */
export const liveCommitHook: CommitHook = async (tx, moves, ledgerNotes) => {
  const noted = notes.get(tx) ?? [];
  notes.delete(tx);
  const { statusChanges } = ledgerNotes;
  if (noted.length === 0 && moves.length === 0 && statusChanges.length === 0) return;
  // The company of each moved-to or -from location: a noted row names it (its reading set's reader is there), the
  // others are looked up (none in the usual transaction, whose items move where its reader is).
  const companyOf = new Map<number, number>();
  for (const row of noted) if (row.locationId !== null) companyOf.set(row.locationId, row.companyId);
  const unknown = new Set<number>();
  for (const move of moves) {
    for (const locationId of [move.from.locationId, move.to.locationId]) {
      if (locationId !== null && !companyOf.has(locationId)) unknown.add(locationId);
    }
  }
  for (const [locationId, companyId] of await companiesOfLocations(tx, [...unknown])) companyOf.set(locationId, companyId);
  const rows = mergeLiveRows([...noted, ...rowsOfMoves(moves, companyOf), ...availabilityRows(moves, statusChanges, companyOf)]);
  await insertLiveRows(tx, rows);
  // Issue 27: the availability rows are also `availability.changed` webhooks, in this transaction.
  await emitAvailabilityOfLiveRows(tx, rows);
};

/** Writes rows of a change made outside the engine (in `db`'s transaction when it is one): merged per topic and location. */
export const recordLive = (db: DbOrTx, rows: readonly LiveRow[]): Promise<number[]> => insertLiveRows(db, mergeLiveRows(rows));

/** One server-sent event: its id (for Last-Event-ID), its topic as the event's name is not used (one `message` stream). */
export const toLiveEvent = (row: StoredLiveEvent): LiveEvent => ({
  id: row.id,
  topic: row.topic,
  location: row.locationId,
  payload: row.payload,
  at: row.createdAt.toISOString(),
});

const sseMessage = (event: LiveEvent): string => `id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`;

/** The `reset` event: the stream cannot replay what was missed; the client refreshes everything. */
const resetMessage = (lastId: number | null): string =>
  `${lastId === null ? '' : `id: ${lastId}\n`}data: ${JSON.stringify({ id: lastId ?? 0, topic: LiveTopic.Reset, location: null, payload: {}, at: new Date().toISOString() })}\n\n`;

export type LiveListener = { companyId: number; locationIds: readonly number[] | null };

type Connection = {
  user: LiveListener;
  stream: PassThrough;
  /** Rows that arrived while the replay was read; sent after it. */
  pending: StoredLiveEvent[] | null;
  replayed: Set<number>;
};

export type LiveHubOptions = {
  database: Database;
  log: JobLog;
  /** Comment lines on every open stream this often (proxies close silent connections). */
  heartbeatMs?: number;
  /** A resume that misses more rows than this gets a `reset` instead. */
  replayLimit?: number;
  /** How long EventSource waits before reconnecting (the stream's `retry:`). */
  retryMs?: number;
};

/** A stream whose client reads slower than this many bytes behind is closed (it reconnects and resumes). */
const MAX_BUFFERED_BYTES = 1_000_000;

/**
 * The streams of one process: one LISTEN on the database, fan-out in memory to its connections. `open` answers a stream
 * to send; `close` ends every stream (server shutdown) and stops listening.
 */
export const createLiveHub = ({ database, log, heartbeatMs = 15_000, replayLimit = 1_000, retryMs = 2_000 }: LiveHubOptions) => {
  const connections = new Set<Connection>();
  let stopListening: (() => Promise<void>) | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let isClosed = false;
  let wasCut = false;

  const write = (connection: Connection, text: string) => {
    if (connection.stream.writableLength > MAX_BUFFERED_BYTES) {
      drop(connection);
      return;
    }
    connection.stream.write(text);
  };
  const drop = (connection: Connection) => {
    connections.delete(connection);
    if (!connection.stream.writableEnded) connection.stream.end();
  };
  const push = (connection: Connection, row: StoredLiveEvent) => {
    if (connection.pending) connection.pending.push(row);
    else if (!connection.replayed.has(row.id)) write(connection, sseMessage(toLiveEvent(row)));
  };

  const deliver = async (payload: string) => {
    const ids = payload
      .split(',')
      .map(Number)
      .filter((id) => Number.isSafeInteger(id) && id > 0);
    if (ids.length === 0 || connections.size === 0) return;
    const rows = await liveEventsByIds(database.db, ids);
    for (const row of rows) {
      for (const connection of connections) if (isHeardBy(row, connection.user)) push(connection, row);
    }
  };

  return {
    /** Listens on the channel and starts the heartbeats (once; the app's onReady). */
    async start(): Promise<void> {
      if (stopListening || isClosed) return;
      stopListening = await database.listen(LIVE_CHANNEL, {
        onNotify: (payload) => {
          deliver(payload).catch((error: unknown) => log.warn({ err: error }, 'live events not delivered'));
        },
        // While the listening connection is cut notifications are lost: once it listens again, every stream is told
        // to refresh everything (its rows are still in the table, but which it missed is not known here).
        onState: (listening) => {
          if (!listening) wasCut = true;
          else if (wasCut) {
            wasCut = false;
            for (const connection of connections) write(connection, resetMessage(null));
          }
        },
      });
      heartbeat = setInterval(() => {
        for (const connection of connections) write(connection, ': heartbeat\n\n');
      }, heartbeatMs);
      heartbeat.unref();
    },

    /**
     * A user's stream: the rows after `lastEventId` they may see (when given), then every new one. `: ready` tells
     * that it is subscribed. The caller ends it (`close`) when the client goes away.
     */
    async open(user: LiveListener, lastEventId: number | null): Promise<{ stream: Readable; close: () => void }> {
      const stream = new PassThrough();
      const connection: Connection = { user, stream, pending: [], replayed: new Set() };
      const close = () => drop(connection);
      if (isClosed) {
        stream.end();
        return { stream, close };
      }
      connections.add(connection);
      stream.write(`retry: ${retryMs}\n\n`);
      try {
        if (lastEventId !== null) {
          const rows = await liveEventsAfter(database.db, { ...user, afterId: lastEventId, limit: replayLimit + 1 });
          if (rows.length > replayLimit) {
            const last = rows[rows.length - 1];
            write(connection, resetMessage(last ? last.id : lastEventId));
            for (const row of rows) connection.replayed.add(row.id);
          } else {
            for (const row of rows) {
              connection.replayed.add(row.id);
              write(connection, sseMessage(toLiveEvent(row)));
            }
          }
        }
      } finally {
        const pending = connection.pending ?? [];
        connection.pending = null;
        for (const row of pending) push(connection, row);
      }
      write(connection, ': ready\n\n');
      return { stream, close };
    },

    /** Open streams of this process. */
    size: (): number => connections.size,

    /** Ends every stream (their clients see the end and reconnect elsewhere) and stops listening. */
    async close(): Promise<void> {
      isClosed = true;
      if (heartbeat) clearInterval(heartbeat);
      for (const connection of [...connections]) drop(connection);
      await stopListening?.().catch(() => {});
      stopListening = undefined;
    },
  };
};
export type LiveHub = ReturnType<typeof createLiveHub>;

export const LIVE_PRUNE_JOB = 'live-events-prune';
/** Rows are kept a day: a browser away longer refreshes everything anyway. */
export const LIVE_KEEP_MS = 86_400_000;

/** The job that deletes old rows (plugins/workers.ts runs it every hour, once across the processes). */
export const livePruneJob = (db: DbOrTx, log: JobLog, keepMs = LIVE_KEEP_MS): JobKind<unknown> => ({
  kind: LIVE_PRUNE_JOB,
  async handler() {
    const deleted = await pruneLiveEvents(db, keepMs);
    if (deleted) log.info({ deleted }, 'old live events deleted');
  },
});
