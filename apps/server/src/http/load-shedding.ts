import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createLoopTurns, LOOP_TICK_MS } from '../lib/loop-turns.js';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: never refused for load (the health route: a busy process is alive, and a probe must not end it). */
    loadShedding?: boolean;
    /** A long-lived answer (the live stream): not counted among the requests served at once (maxActiveRequests). */
    longLived?: boolean;
    /**
     * The route's database work is a group commit (lib/group-commit.ts: one statement for the requests at once, the
     * readers' one-read POSTs): not counted among the requests served at once (maxActiveRequests), whose limit is
     * there for requests that each queue their own queries. Still refused for the event loop and the database queue.
     */
    groupCommitted?: boolean;
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
  /** MAX_ACTIVE_REQUESTS: API requests served at once, the others wait their turn in arrival order (0: no limit). */
  maxActiveRequests?: number | undefined;
  /** MAX_QUEUE_WAIT_MS: a request that waited this long for its turn is refused. */
  maxQueueWaitMs?: number;
};

/**
 * The embedded database's requests served at once (MAX_ACTIVE_REQUESTS unset): PGlite runs one query at a time in this
 * process, and each query of a request queues behind every other request's, so with 50 requests at once a request of
 * three queries waited three times through the whole queue (issue 30: p99 1.1–1.8 s, or no answer in 3 s). Four at once
 * keeps the database busy while one request's answer is written; the rest wait once, in arrival order.
 */
export const EMBEDDED_MAX_ACTIVE_REQUESTS = 4;

/** The seconds a refused client waits before trying again (`Retry-After`). */
export const SHED_RETRY_AFTER_S = 2;

/** The answer to a request refused for load: 503, `Retry-After`, the reason in the request's language. */
export const overloaded = (): AppError =>
  new AppError('UNAVAILABLE', { message: 'common.overloaded', retryAfterSeconds: SHED_RETRY_AFTER_S });

/** Routes whose handlers use the database (the web app's files do not). */
const usesDatabase = (url: string): boolean => /^\/(api|nms|epcis)(\/|$|\?)/.test(url);

const isExempt = (request: FastifyRequest): boolean => request.routeOptions.config?.loadShedding === false;

/** A request made inside the process (`app.inject`: the audit hook's read of the record before an edit). */
const isInjected = (request: FastifyRequest): boolean => '_lightMyRequest' in request.raw;

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
 * - The turn (maxActiveRequests, on the embedded database by default): at most that many API requests are served at
 *   once, the others wait in arrival order and are refused after `maxQueueWaitMs`. Without it, each of a request's
 *   queries waited behind every other request's in the embedded database's queue (issue 30). Requests made inside the
 *   process (`app.inject`), long-lived answers (`config.longLived`: the live stream) and group-committed requests
 *   (`config.groupCommitted`: a reader's stream of reads, one statement for all the requests at once) are not counted.
 *
 * The health route is never refused (`config.loadShedding: false`). The readers' routes are refused like the rest: a
 * reader sends its reads again after a 503 (they are idempotent: a set keeps its id), so refusing costs them a delay,
 * not reads. Reads that come over MQTT are not requests: the broker holds them until they are stored.
 */
export const loadSheddingPlugin = fp(
  async (
    app: FastifyInstance,
    { maxEventLoopDelayMs, maxDbWaiting, dbWaiting, maxActiveRequests = 0, maxQueueWaitMs = 500 }: LoadSheddingOptions,
  ) => {
    // One log line per 10 s while requests are refused, not one per request.
    const refused = { eventLoop: 0, database: 0, queue: 0 };
    const report = setInterval(() => {
      if (refused.eventLoop + refused.database + refused.queue === 0) return;
      app.log.warn({ refused: { ...refused }, dbWaiting: dbWaiting() }, 'load shedding: requests refused (503) in the last 10 s');
      refused.eventLoop = 0;
      refused.database = 0;
      refused.queue = 0;
    }, 10_000);
    report.unref();
    app.addHook('onClose', async () => clearInterval(report));
    if (maxActiveRequests > 0) {
      // Requests served at once, and those waiting their turn (first come, first served). A slot is given back when
      // the answer ends or the connection closes; a waiting request whose client went away leaves the queue.
      let active = 0;
      const queue = new Set<() => void>();
      const next = () => {
        const [first] = queue;
        if (first) {
          queue.delete(first);
          first();
        } else active -= 1;
      };
      app.addHook('onRequest', (request, reply, done) => {
        const config = request.routeOptions.config;
        if (!usesDatabase(request.url) || isExempt(request) || isInjected(request)) return done();
        if (config?.longLived || config?.groupCommitted) return done();
        let state: 'waiting' | 'served' | 'over' = 'waiting';
        const admit = () => {
          clearTimeout(timer);
          state = 'served';
          done();
        };
        const timer =
          active < maxActiveRequests
            ? undefined
            : setTimeout(() => {
                queue.delete(admit);
                state = 'over';
                refused.queue += 1;
                done(overloaded());
              }, maxQueueWaitMs);
        reply.raw.once('close', () => {
          if (state === 'served') next();
          else if (state === 'waiting') {
            clearTimeout(timer);
            queue.delete(admit);
          }
          state = 'over';
        });
        if (timer === undefined) {
          active += 1;
          admit();
        } else queue.add(admit);
      });
    }
    if (maxEventLoopDelayMs > 0) {
      // How long the event loop has been busy without coming back to its timers: a timer notes every 10 ms when it ran,
      // and a request that finds it older than the bound has waited behind that much work.
      const loopTurns = createLoopTurns();
      app.addHook('onClose', async () => loopTurns.stop());
      app.addHook('onRequest', (request, _reply, done) => {
        if (loopTurns.sinceTurn() - LOOP_TICK_MS <= maxEventLoopDelayMs || isExempt(request)) return done();
        refused.eventLoop += 1;
        done(overloaded());
      });
    }
    if (maxDbWaiting > 0) {
      app.addHook('onRequest', (request, _reply, done) => {
        if (dbWaiting() < maxDbWaiting || !usesDatabase(request.url) || isExempt(request)) return done();
        refused.database += 1;
        done(overloaded());
      });
    }
  },
  { name: 'load-shedding' },
);
