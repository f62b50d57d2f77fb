import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: never refused for load (the health route: a busy process is alive, and a probe must not end it). */
    loadShedding?: boolean;
  }
}

export type LoadSheddingOptions = {
  /**
   * MAX_EVENT_LOOP_DELAY_MS: a request that finds the event loop busy for longer than this (it waited behind that much
   * work) is refused (0: off).
   */
  maxEventLoopDelayMs: number;
  /** MAX_DB_WAITING: with this many database calls waiting for a connection, API requests are refused (0: off). */
  maxDbWaiting: number;
  /** How many database calls wait for a connection now (PostgreSQL's pool, or the embedded database's one). */
  dbWaiting: () => number;
};

/** How often the event loop's timers note that they ran. */
const TICK_MS = 10;

/** The seconds a refused client waits before trying again (`Retry-After`). */
export const SHED_RETRY_AFTER_S = 2;

/** The answer to a request refused for load: 503, `Retry-After`, the reason in the request's language. */
export const overloaded = (): AppError =>
  new AppError('UNAVAILABLE', { message: 'common.overloaded', retryAfterSeconds: SHED_RETRY_AFTER_S });

/** Routes whose handlers use the database (the web app's files do not). */
const usesDatabase = (url: string): boolean => /^\/(api|nms|epcis)(\/|$|\?)/.test(url);

const isExempt = (request: FastifyRequest): boolean => request.routeOptions.config?.loadShedding === false;

/**
 * Load shedding (issue 25, item 5): a request the server cannot answer soon is refused at once with 503, `Retry-After`
 * and a translated message, instead of waiting in a queue until its client gives up.
 *
 * - The event loop: a timer notes every 10 ms that the loop came back to its timers. A request that finds that note
 *   older than `maxEventLoopDelayMs` has waited behind that much work in the same turn of the loop, and is refused; the
 *   requests after it in that turn are refused too, cheaply, so each turn ends soon and the answers that are given are
 *   given within about that bound. On the embedded database this is the database queue: PGlite runs each query on
 *   this loop, and a request runs from its first query to its answer without letting the next one in, so the requests
 *   that wait for the database wait unread, in front of the loop, not in a queue the process can count.
 *   (`@fastify/under-pressure` was measured and not kept: it decides once a second on the loop's mean delay and then
 *   refuses every request for that second, so the served requests fell to a third: docs/operations.md.)
 * - The database queue: a request to the API (`/api`, `/nms`, `/epcis`) that arrives while `maxDbWaiting` database calls
 *   already wait for a connection (PostgreSQL's pool of 10; the embedded database's queue when a transaction holds it
 *   across other work) is refused before it adds its own.
 *
 * The health route is never refused (`config.loadShedding: false`). The readers' routes are refused like the rest: a
 * reader sends its reads again after a 503 (they are idempotent: a set keeps its id), so refusing costs them a delay,
 * not reads. Reads that come over MQTT are not requests: the broker holds them until they are stored.
 */
export const loadSheddingPlugin = fp(
  async (app: FastifyInstance, { maxEventLoopDelayMs, maxDbWaiting, dbWaiting }: LoadSheddingOptions) => {
    // One log line per 10 s while requests are refused, not one per request.
    const refused = { eventLoop: 0, database: 0 };
    const report = setInterval(() => {
      if (refused.eventLoop + refused.database === 0) return;
      app.log.warn({ refused: { ...refused }, dbWaiting: dbWaiting() }, 'load shedding: requests refused (503) in the last 10 s');
      refused.eventLoop = 0;
      refused.database = 0;
    }, 10_000);
    report.unref();
    app.addHook('onClose', async () => clearInterval(report));
    if (maxEventLoopDelayMs > 0) {
      // How long the event loop has been busy without coming back to its timers: a timer notes every 10 ms when it ran,
      // and a request that finds it older than the bound has waited behind that much work.
      let tickedAt = performance.now();
      const ticker = setInterval(() => {
        tickedAt = performance.now();
      }, TICK_MS);
      ticker.unref();
      app.addHook('onClose', async () => clearInterval(ticker));
      app.addHook('onRequest', async (request) => {
        if (performance.now() - tickedAt - TICK_MS <= maxEventLoopDelayMs || isExempt(request)) return;
        refused.eventLoop += 1;
        throw overloaded();
      });
    }
    if (maxDbWaiting > 0) {
      app.addHook('onRequest', async (request) => {
        if (dbWaiting() < maxDbWaiting || !usesDatabase(request.url) || isExempt(request)) return;
        refused.database += 1;
        throw overloaded();
      });
    }
  },
  { name: 'load-shedding' },
);
