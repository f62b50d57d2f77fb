import type { FastifyBaseLogger } from 'fastify';
import type { BusMessage, ReaderBus } from '../broker/bus.js';
import { withRetry } from '../db/retry.js';
import { AppError } from '../http/errors.js';
import type { Engine } from '../modules/engine/engine.js';
import type { IngestDevice, SetRead } from '../modules/ingest/ingest.repository.js';
import { type DeviceDirectory, ingestSet, isSameDevice, type SetInput, toSetInput } from '../modules/ingest/ingest.service.js';
import { parseReaderPayload } from '../modules/ingest/stream.js';
import type { StreamGrouper } from '../modules/ingest/stream-grouper.js';
import { countReads, newestOf, observeBusCommit } from '../plugins/metrics.js';

export const READS_TOPIC = 'readers/+/reads';

/** What one message asks: a reading set, or streamed reads, of a known reader; null when it is to be skipped. */
type Decoded =
  | { kind: 'set'; device: IngestDevice; set: SetInput }
  | { kind: 'reads'; device: IngestDevice; reads: SetRead[] }
  | null;

/**
 * The readers' MQTT subscriber: `readers/<mac>/reads` (QoS 1) carries reading sets (JSON of
 * POST /api/readingsets/) or single-read streams (Zebra IoT Connector tag data events, Impinj
 * IoT Device Interface tagInventory events, one or an array). Messages come in windows (the bus's
 * `subscribeBatch`): a window's streamed reads are staged with one write per reader, its sets are
 * ingested one by one, and the bus acknowledges the window only after that, i.e. after its reads
 * are committed; a database failure throws, so nothing of the window is acknowledged. A message that
 * can never be stored (unknown reader, not JSON, malformed) is logged and acknowledged, so it is not
 * redelivered forever.
 */
export const startReadsSubscriber = async ({
  bus,
  engine,
  devices,
  grouper,
  log,
}: {
  bus: ReaderBus;
  engine: Engine;
  devices: DeviceDirectory;
  grouper: StreamGrouper;
  log: FastifyBaseLogger;
}): Promise<void> => {
  // A database write runs again after a transient failure (connection lost, database restarting) until it commits or
  // the bus closes: the message stays unacknowledged meanwhile, and the broker holds the messages behind it (one at a
  // time per connection), so an outage delays the acknowledgement instead of losing the reads. A refusal (AppError)
  // is not retried.
  const retry = {
    what: 'reads not stored yet',
    isStopping: bus.isClosing,
    shouldRetry: (error: unknown) => !(error instanceof AppError),
  };
  const decode = async ({ topic, payload }: BusMessage): Promise<Decoded> => {
    const mac = topic.split('/')[1] ?? '';
    const device = await withRetry(() => devices.byMac(mac), log, retry);
    if (!device) {
      log.warn({ topic }, 'reads from an unknown reader ignored');
      return null;
    }
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      log.warn({ topic }, 'reads message is not JSON; ignored');
      return null;
    }
    const parsed = parseReaderPayload(json);
    switch (parsed.kind) {
      case 'invalid':
        log.warn({ topic, reason: parsed.reason }, 'malformed reads message ignored');
        return null;
      case 'set':
        if (parsed.set.device !== undefined && !isSameDevice(device, parsed.set.device)) {
          log.warn({ topic, device: parsed.set.device }, 'reading set names another reader; ignored');
          return null;
        }
        return { kind: 'set', device, set: toSetInput(parsed.set) };
      case 'reads':
        if (parsed.rejected.length > 0) {
          log.warn({ topic, rejected: parsed.rejected.slice(0, 10) }, 'events of a reads message skipped');
        }
        return parsed.reads.length === 0 ? null : { kind: 'reads', device, reads: parsed.reads };
      default: {
        const exhaustive: never = parsed;
        throw new Error(`unknown payload ${String(exhaustive)}`);
      }
    }
  };
  // The reads are counted by the bus's transport (mqtt or amqp) as they arrive, and their commit lag once stored.
  const { transport } = bus.status();
  const busTransport = transport === 'amqp' ? 'amqp' : 'mqtt';
  await bus.subscribeBatch(
    READS_TOPIC,
    async (messages) => {
      const receivedAt = Date.now();
      const touched = new Map<number, IngestDevice>();
      /** Each reader's streamed reads of the window, in arrival order: staged in one write. */
      const streams = new Map<number, { device: IngestDevice; reads: SetRead[] }>();
      for (const message of messages) {
        const decoded = await decode(message);
        if (!decoded) continue;
        if (decoded.kind === 'reads') {
          countReads(busTransport, 'stream', decoded.reads.length, newestOf(decoded.reads), message.receivedAt ?? receivedAt);
        } else {
          countReads(busTransport, 'set', decoded.set.reads.length, decoded.set.endTime, message.receivedAt ?? receivedAt);
        }
        touched.set(decoded.device.id, decoded.device);
        if (decoded.kind === 'reads') {
          const stream = streams.get(decoded.device.id) ?? { device: decoded.device, reads: [] };
          stream.reads.push(...decoded.reads);
          streams.set(decoded.device.id, stream);
          continue;
        }
        try {
          await withRetry(() => ingestSet(engine, decoded.device, decoded.set), log, retry);
        } catch (error) {
          // A refusal (e.g. a set id another company used) will not change on redelivery.
          if (!(error instanceof AppError)) throw error;
          log.warn({ topic: message.topic, reason: error.message }, 'reading set refused');
        }
      }
      for (const { device, reads } of streams.values()) await withRetry(() => grouper.stage(device, reads), log, retry);
      const committedAt = Date.now();
      for (const message of messages) observeBusCommit(busTransport, message.receivedAt ?? receivedAt, committedAt);
      for (const device of touched.values()) await devices.touch(device.id).catch(() => {});
    },
    { shared: true },
  );
};
