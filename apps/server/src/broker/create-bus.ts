import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { processOwner } from '../workers/lease.js';
import { createAmqpBus } from './amqp-bus.js';
import { createNoBus, type ReaderBus } from './bus.js';
import { createCollectorLeaseRepository } from './collector-lease.repository.js';
import { busEventsFor } from './events.js';
import { createMqttBus } from './mqtt-bus.js';

/**
 * The server process's bus, as configured: AMQP_URL (RabbitMQ), MQTT_URL (Mosquitto, EMQX …) or none. On MQTT one
 * process of the group at a time holds the group's session under a lease in the database
 * (docs/adr/0006-reader-hand-off.md).
 */
export const createReaderBus = async ({
  config,
  db,
  log,
}: {
  config: Config;
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}): Promise<ReaderBus> => {
  if (config.amqpUrl) {
    return createAmqpBus(config.amqpUrl, {
      events: busEventsFor(log, 'amqp'),
      shareGroup: config.mqttShareGroup,
      probeIntervalMs: config.brokerProbeMs,
    });
  }
  if (config.mqttUrl) {
    return createMqttBus(config.mqttUrl, {
      events: busEventsFor(log, 'mqtt'),
      shareGroup: config.mqttShareGroup,
      lease: { repository: createCollectorLeaseRepository(db), holder: processOwner(), leaseMs: config.mqttSessionLeaseMs },
      probeIntervalMs: config.brokerProbeMs,
    });
  }
  return createNoBus();
};
