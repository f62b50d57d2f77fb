import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../http/errors.js';
import type { Engine } from '../modules/engine/engine.js';
import { type DeviceDirectory, ingestSet, isSameDevice, toSetInput } from '../modules/ingest/ingest.service.js';
import { parseReaderPayload } from '../modules/ingest/stream.js';
import type { StreamGrouper } from '../modules/ingest/stream-grouper.js';
import type { MqttBus } from '../plugins/mqtt.js';

export const READS_TOPIC = 'readers/+/reads';

const MAX_BACKOFF_MS = 5_000;

/**
 * Runs a database write again after a transient failure (connection lost, database restarting),
 * until it commits or the bus closes: the message stays unacknowledged meanwhile, and the
 * broker holds the messages behind it (one at a time per connection), so an outage delays
 * the acknowledgement instead of losing the reads. A refusal (AppError) is not retried.
 */
export const withRetry = async <T>(
  work: () => Promise<T>,
  log: FastifyBaseLogger,
  { isStopping = () => false, baseMs = 250 }: { isStopping?: () => boolean; baseMs?: number } = {},
): Promise<T> => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError || isStopping()) throw error;
      if (attempt % 10 === 0) log.warn({ err: error, attempt }, 'reads not stored yet; retrying');
      await new Promise((resolve) => setTimeout(resolve, Math.min(MAX_BACKOFF_MS, baseMs * 2 ** attempt)));
    }
  }
};

/**
 * The readers' MQTT subscriber: `readers/<mac>/reads` (QoS 1) carries reading sets (JSON of
 * POST /api/readingsets/) or single-read streams (Zebra IoT Connector tag data events, Impinj
 * IoT Device Interface tagInventory events, one or an array). The bus acknowledges a message
 * only after this handler resolved, i.e. after its reads are committed; a database failure
 * throws, so the message is not acknowledged. A message that can never be stored (unknown
 * reader, not JSON, malformed) is logged and acknowledged, so it is not redelivered forever.
 */
export const startReadsSubscriber = async ({
  bus,
  engine,
  devices,
  grouper,
  log,
}: {
  bus: MqttBus;
  engine: Engine;
  devices: DeviceDirectory;
  grouper: StreamGrouper;
  log: FastifyBaseLogger;
}): Promise<void> => {
  const retry = { isStopping: bus.isClosing };
  await bus.subscribe(
    READS_TOPIC,
    async (topic, payload) => {
      const mac = topic.split('/')[1] ?? '';
      const device = await withRetry(() => devices.byMac(mac), log, retry);
      if (!device) {
        log.warn({ topic }, 'reads from an unknown reader ignored');
        return;
      }
      let json: unknown;
      try {
        json = JSON.parse(payload.toString('utf8'));
      } catch {
        log.warn({ topic }, 'reads message is not JSON; ignored');
        return;
      }
      const parsed = parseReaderPayload(json);
      switch (parsed.kind) {
        case 'invalid':
          log.warn({ topic, reason: parsed.reason }, 'malformed reads message ignored');
          return;
        case 'set':
          if (parsed.set.device !== undefined && !isSameDevice(device, parsed.set.device)) {
            log.warn({ topic, device: parsed.set.device }, 'reading set names another reader; ignored');
            return;
          }
          try {
            await withRetry(() => ingestSet(engine, device, toSetInput(parsed.set)), log, retry);
          } catch (error) {
            // A refusal (e.g. a set id another company used) will not change on redelivery.
            if (!(error instanceof AppError)) throw error;
            log.warn({ topic, reason: error.message }, 'reading set refused');
            return;
          }
          break;
        case 'reads':
          if (parsed.rejected.length > 0) {
            log.warn({ topic, rejected: parsed.rejected.slice(0, 10) }, 'events of a reads message skipped');
          }
          if (parsed.reads.length === 0) return;
          await withRetry(() => grouper.stage(device, parsed.reads), log, retry);
          break;
        default: {
          const exhaustive: never = parsed;
          throw new Error(`unknown payload ${String(exhaustive)}`);
        }
      }
      await devices.touch(device.id).catch(() => {});
    },
    { shared: true },
  );
};
