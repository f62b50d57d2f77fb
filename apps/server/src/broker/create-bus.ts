import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { processOwner } from '../workers/lease.js';
import { createAmqpBus } from './amqp-bus.js';
import { createNoBus, type ReaderBus } from './bus.js';
import { busEventsFor } from './events.js';
import { createMqttBus } from './mqtt-bus.js';
import { createSessionSlotRepository } from './session-slots.repository.js';

/**
 * The server process's bus, as configured: AMQP_URL (RabbitMQ), MQTT_URL (Mosquitto, EMQX …) or none. An MQTT
 * process leases its session from the database (docs/adr/0006-reader-hand-off.md).
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
      slots: { repository: createSessionSlotRepository(db), holder: processOwner(), leaseMs: config.mqttSessionLeaseMs },
      probeIntervalMs: config.brokerProbeMs,
    });
  }
  return createNoBus();
};
