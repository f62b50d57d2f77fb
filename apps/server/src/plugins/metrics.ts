import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (`GET /metrics`, text format 0.0.4). One registry per process: metrics are made
 * once, whatever number of apps a test process builds.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'rfid_' });

export const brokerMetrics = {
  subscribed: new Gauge({
    name: 'rfid_broker_subscribed',
    help: 'Whether this process is subscribed to the readers broker now (1) or not (0).',
    registers: [metricsRegistry],
  }),
  changes: new Counter({
    name: 'rfid_broker_subscription_changes_total',
    help: 'Times the subscription to the readers broker was lost or restored.',
    labelNames: ['change'] as const,
    registers: [metricsRegistry],
  }),
  collector: new Gauge({
    name: 'rfid_broker_collector',
    help: 'MQTT: whether this process holds the group session that takes the readers messages (1) or stands by (0); summed over the processes it should be 1.',
    registers: [metricsRegistry],
  }),
  probeRoundTrip: new Gauge({
    name: 'rfid_broker_probe_round_trip_seconds',
    help: 'How long the last probe took through the broker and back.',
    registers: [metricsRegistry],
  }),
  probeAge: new Gauge({
    name: 'rfid_broker_probe_age_seconds',
    help: 'Seconds since the last probe came back through the broker (-1: none yet).',
    registers: [metricsRegistry],
  }),
};

/** `GET /metrics` (public, as Prometheus scrapes it; no tenant data): `refresh` updates the gauges read on demand. */
export const registerMetricsRoute = (app: FastifyInstance, refresh: () => void) => {
  app.get('/metrics', { config: { public: true, loadShedding: false }, schema: { hide: true } }, async (_request, reply) => {
    refresh();
    return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });
};
