import type { FastifyInstance } from 'fastify';
import type { BusStatus, ReaderBus } from '../broker/bus.js';
import type { Database } from '../db/client.js';
import { applyPool, brokerMetrics, createDatabaseGauges, readReplicaMetrics, registerMetricsRoute } from './metrics.js';
import { createMetricsRepository } from './metrics.repository.js';

/** Where lists and statistics read now (DATABASE_READ_URL; docs/read-replicas.md), for /api/health; absent without one. */
const readReplicaOf = (database: Database) => {
  const status = database.readReplica?.status();
  if (!status) return {};
  return {
    read_replica: {
      reads_from: status.target,
      reason: status.reason,
      lag_ms: status.lagMs,
      bytes_behind: status.bytesBehind,
      max_lag_ms: status.maxLagMs,
      checked_at: status.checkedAt?.toISOString() ?? null,
      fallbacks: status.fallbacks,
    },
  };
};

/** How recent the database's last answer may be for `/api/health` not to ask it again. */
export const HEALTH_ANSWERED_WITHIN_MS = 1_000;

/** Why a process is not ready to take readers' messages; empty when it is. */
export const brokerProblems = (status: BusStatus, now: Date, probeMs: number): string[] => {
  if (status.transport === 'none') return [];
  if (!status.connected) return ['not connected to the readers broker'];
  if (status.role !== 'standby' && !status.subscribed) return ['not subscribed to the readers topics'];
  if (status.probePendingSince && now.getTime() - status.probePendingSince.getTime() > probeMs) {
    return [
      `a probe sent through the broker ${Math.round((now.getTime() - status.probePendingSince.getTime()) / 1000)} s ago has not come back`,
    ];
  }
  return [];
};

/**
 * `GET /api/health`: alive (answers while the database does). `GET /api/health/ready`: ready to serve, i.e. the database
 * answers and, with a broker, this process is connected, subscribed when it collects the readers' messages, and its
 * last probe came back through the broker in time (a balancer or an orchestrator takes it out while it is not); 503
 * with the problems otherwise. `GET /metrics`: Prometheus (plugins/metrics.ts, docs/observability.md).
 */
export const registerHealthRoutes = (
  app: FastifyInstance,
  { database, bus, probeMs }: { database: Database; bus: ReaderBus; probeMs: number },
) => {
  // Never refused for load: a busy process is alive (a probe that failed it would restart it and lose its work). The
  // database is asked unless it answered another call within the last second (the embedded one's queue: db/client.ts).
  app.get('/api/health', { config: { public: true, loadShedding: false }, schema: { tags: ['health'] } }, async () => {
    if (!database.answeredWithin(HEALTH_ANSWERED_WITHIN_MS)) await database.db.execute('select 1');
    // Reads work while writes are refused for a full disk: the process is healthy, and says so (`storage`).
    return { status: 'ok', database: database.kind, storage: database.storage(), ...readReplicaOf(database) };
  });
  // Nor is readiness: it says why the process should get no traffic, which is not the same as being busy.
  const readiness = { config: { public: true, loadShedding: false }, schema: { tags: ['health'] } };
  app.get('/api/health/ready', readiness, async (_request, reply) => {
    const problems: string[] = [];
    try {
      await database.db.execute('select 1');
    } catch {
      problems.push('the database does not answer');
    }
    const status = bus.status();
    problems.push(...brokerProblems(status, new Date(), probeMs));
    const broker = {
      transport: status.transport,
      connected: status.connected,
      subscribed: status.subscribed,
      ...(status.role ? { role: status.role } : {}),
      ...(status.session ? { session: status.session } : {}),
      ...(status.lastProbe ? { last_probe: status.lastProbe.at.toISOString(), probe_ms: status.lastProbe.roundTripMs } : {}),
    };
    if (problems.length > 0) {
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ status: 'not_ready', problems, database: database.kind, storage: database.storage(), broker });
    }
    return { status: 'ready', database: database.kind, storage: database.storage(), broker };
  });
  const databaseGauges = createDatabaseGauges({ repository: createMetricsRepository(database.db), log: app.log });
  registerMetricsRoute(app, async () => {
    applyPool(database.pool());
    const replica = database.readReplica?.status();
    if (replica) {
      readReplicaMetrics.inUse.set(replica.target === 'replica' ? 1 : 0);
      readReplicaMetrics.lag.set(replica.lagMs === null || replica.reason === 'unreachable' ? -1 : replica.lagMs / 1000);
      readReplicaMetrics.fallbacks.set(replica.fallbacks);
    }
    const status = bus.status();
    brokerMetrics.subscribed.set(status.subscribed ? 1 : 0);
    brokerMetrics.collector.set(status.role === 'collector' ? 1 : 0);
    for (const transport of ['none', 'mqtt', 'amqp'] as const) {
      brokerMetrics.transport.set({ transport }, status.transport === transport ? 1 : 0);
    }
    if (status.lastProbe) {
      brokerMetrics.probeRoundTrip.set(status.lastProbe.roundTripMs / 1000);
      brokerMetrics.probeAge.set((Date.now() - status.lastProbe.at.getTime()) / 1000);
    } else {
      brokerMetrics.probeAge.set(-1);
    }
    await databaseGauges.refresh();
  });
};
