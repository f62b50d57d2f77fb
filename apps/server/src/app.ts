import { existsSync } from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createNoBus, type ReaderBus } from './broker/bus.js';
import { type Config, loadConfig } from './config.js';
import type { Database } from './db/client.js';
import { isDatabaseUnavailableError, isDiskFullError } from './db/errors.js';
import { AppError, notFound } from './http/errors.js';
import { webAppScriptHashes } from './http/inline-scripts.js';
import { EMBEDDED_MAX_ACTIVE_REQUESTS, loadSheddingPlugin } from './http/load-shedding.js';
import { documentTransform, documentTransformObject } from './http/openapi.js';
import { countScopeHook } from './http/paging.js';
import { refuseUnknownQueryKeys } from './http/query-keys.js';
import { readRoutingHooks } from './http/read-routing.js';
import { securityHeadersHook } from './http/security-headers.js';
import { type Language, render } from './i18n/messages.js';
import { pickLanguage, translateIssue, type ValidationIssue } from './i18n/translate.js';
import { auditHookPlugin } from './modules/audit/audit.hook.js';
import { createEngine } from './modules/engine/engine.js';
import { readingSetPipeline } from './modules/engine/pipeline.js';
import { DEVICES_CHANGED } from './modules/ingest/ingest.service.js';
import { createLiveHub } from './modules/live/live.service.js';
import { locationScopeHook } from './modules/locations/location-scope.js';
import { registerModules } from './modules/registry.js';
import { authPlugin } from './plugins/auth.js';
import { registerHealthRoutes } from './plugins/health.js';
import { observeHttpRequest } from './plugins/metrics.js';
import { createWorkers, workersPlugin } from './plugins/workers.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A file of the web build whose name carries its content's hash (Vite writes them under assets/), or its .br/.gz. */
const isHashedAsset = (filePath: string): boolean => /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.\w+(\.br|\.gz)?$/.test(filePath);

export type AppOptions = {
  database: Database;
  /** The configuration (config.ts); read from the environment when the app is built if not given. */
  config?: Config;
  /**
   * The readers' broker; a no-op bus when absent. A function makes it with the app's logger (the server's, from the
   * configuration: broker/create-bus.ts); `app.readersBus` is the bus, closed by whoever made the app after it.
   */
  bus?: ReaderBus | ((log: FastifyBaseLogger) => Promise<ReaderBus>);
  logger?: boolean | { level: string };
  webDist?: string;
  /** Runs the daily stock snapshot jobs (the server does; API tests build apps without them). */
  stockSnapshots?: boolean;
  /**
   * Whose `X-Forwarded-For/-Proto/-Host` to believe (TRUST_PROXY, Fastify's `trustProxy`): false (default,
   * nobody's: the client address is the socket's), true (any), a hop count, or proxy addresses/CIDRs.
   */
  trustProxy?: TrustProxy;
  /** PUBLIC_URL: the address clients use; absolute links (`next`, `previous`) are built on it, never on Host. */
  publicUrl?: URL;
  /** Printers may be on this host (PRINTER_ALLOW_LOOPBACK; the demo and the tests): false by default. */
  printerAllowLoopback?: boolean;
  /** EXACT_COUNT_LIMIT: lists count exactly up to this many rows, then estimate (db/counts.ts; tests set a small one). */
  exactCountLimit?: number;
  /** The messages' language when a request has no `Accept-Language` (DEFAULT_LANGUAGE; Spanish by default). */
  defaultLanguage?: Language;
  /** How often the live streams send a heartbeat comment (15 s; tests use less). */
  liveHeartbeatMs?: number;
  /** Load shedding's bounds (MAX_EVENT_LOOP_DELAY_MS, MAX_DB_WAITING; http/load-shedding.ts); the configuration's by default. */
  loadShedding?: Partial<Config['loadShedding']>;
};

/**
 * The logger's options with a request serializer that hides `access_token` and `ticket` in URLs (the live stream's
 * one-time ticket comes there: a browser's EventSource cannot send headers), so that none is written to the logs.
 */
const withoutQueryTokens = (logger: boolean | { level: string }) => {
  if (logger === false) return false;
  return {
    ...(logger === true ? {} : logger),
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: TOKEN_IN_QUERY.test(request.url) ? request.url.replace(TOKENS_IN_QUERY, '$1[hidden]') : request.url,
        remoteAddress: request.ip,
      }),
    },
  };
};
const TOKEN_IN_QUERY = /[?&](?:access_token|ticket)=/;
const TOKENS_IN_QUERY = /([?&](?:access_token|ticket)=)[^&]*/g;

/**
 * One log line per request, when its answer has gone (Fastify's default wrote two, "incoming request" and "request
 * completed", each a synchronous write: ~0.03 ms of CPU a line, docs/performance-profile.md): the request id (the
 * logger's `reqId`), the method, the URL (tokens hidden), the client's address, the status and the time taken; a
 * failure with its error. The error handler logs a failure in full besides. The same moment counts the request in the
 * HTTP latency histogram (plugins/metrics.ts): no hook of its own.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    observeHttpRequest(request, reply);
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

export type TrustProxy = boolean | number | string[];

declare module 'fastify' {
  interface FastifyInstance {
    /** PUBLIC_URL when set (see AppOptions.publicUrl). */
    publicUrl: URL | null;
    /** The readers' broker of this app (AppOptions.bus). */
    readersBus: ReaderBus;
  }
}

/**
 * Turns Fastify/Zod validation output into the API's `{message, code, errors, codes}` shape, in `language`: the
 * contract's own messages by their catalogue key, Zod's defaults in Zod's locale (i18n/translate.ts).
 */
const validationBody = (
  validation: (ValidationIssue & { instancePath?: string })[],
  context: string | undefined,
  language: Language,
) => {
  const errors: Record<string, string[]> = {};
  const codes: Record<string, string[]> = {};
  for (const issue of validation) {
    const path = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const field = path || (context === 'body' ? 'non_field_errors' : (context ?? 'non_field_errors'));
    const { code, message } = translateIssue(issue, language);
    errors[field] = [...(errors[field] ?? []), message];
    codes[field] = [...(codes[field] ?? []), code];
  }
  const [firstField] = Object.keys(errors);
  const firstMessage = firstField ? errors[firstField]?.[0] : undefined;
  const invalid = render('common.invalid_request', language);
  return {
    message: firstField && firstField !== 'non_field_errors' ? `${firstField}: ${firstMessage}` : (firstMessage ?? invalid),
    code: (firstField ? codes[firstField]?.[0] : undefined) ?? 'common.invalid_request',
    errors,
    codes,
  };
};

/** What the API answers for an error, in the request's language, and for a path no route serves. */
const registerErrorAnswers = (
  app: FastifyInstance,
  { defaultLanguage, webDist }: { defaultLanguage: Language; webDist: string | undefined },
): void => {
  /** The language of a request's messages: its `Accept-Language`, else DEFAULT_LANGUAGE. */
  const languageOf = (request: FastifyRequest): Language => pickLanguage(request.headers['accept-language'], defaultLanguage);
  app.setErrorHandler((error, request, reply) => {
    const language = languageOf(request);
    reply.header('content-language', language);
    // Its headers: Retry-After of a refusal for load or a full disk, the ETag of a stale edit.
    if (error instanceof AppError) return reply.status(error.status).headers(error.headers).send(error.body(language));
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationBody(error.validation, error.validationContext, language));
    }
    // PostgreSQL's disk is full (SQLSTATE 53100), or the embedded database's nearly is (db/pglite-handle.ts): nothing
    // was written, and it clears once there is room. The database is away (restart, failover, connections cut):
    // nothing was done; try again.
    const storage = isDiskFullError(error)
      ? { code: 'INSUFFICIENT_STORAGE' as const, message: 'common.disk_full' as const, retryAfter: 60, log: 'disk full' }
      : isDatabaseUnavailableError(error)
        ? {
            code: 'UNAVAILABLE' as const,
            message: 'common.database_unavailable' as const,
            retryAfter: 5,
            log: 'database unavailable',
          }
        : undefined;
    if (storage) {
      request.log.warn({ err: error }, storage.log);
      const answer = new AppError(storage.code, { message: storage.message, retryAfterSeconds: storage.retryAfter });
      return reply.status(answer.status).header('retry-after', String(storage.retryAfter)).send(answer.body(language));
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (isResponseSerializationError(error) || status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(new AppError('UNAVAILABLE', { message: 'common.internal_error' }).body(language));
    }
    // Fastify's own 4xx (bad JSON, payload too large, unsupported media type …): its English message, its code.
    const fastifyCode = (error as { code?: unknown }).code;
    return reply
      .status(status)
      .send({ message: (error as Error).message, code: `http.${typeof fastifyCode === 'string' ? fastifyCode : status}` });
  });
  const hasWebApp = Boolean(webDist && existsSync(`${webDist}/index.html`));
  // The one answer for every path no route serves: the API's and the assets' are 404 JSON whatever the method;
  // other GETs are the web app's client-side routes (its index.html).
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = /^\/(api|nms)(\/|$)/.test(path) || path.startsWith('/assets/');
    if (!isApi && hasWebApp && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply
      .status(404)
      .header('content-language', languageOf(request))
      .send(notFound().body(languageOf(request)));
  });
};

/** Before every route: load shedding, security headers and HSTS; then the OpenAPI document and multipart bodies. */
const registerPlatform = async (
  app: FastifyInstance,
  { config, options, database }: { config: Config; options: AppOptions; database: Database },
): Promise<void> => {
  // Before every route: a request the server cannot answer soon is refused at once (503, Retry-After).
  const shedding = { ...config.loadShedding, ...options.loadShedding };
  await app.register(loadSheddingPlugin, {
    ...shedding,
    // The embedded database runs one query at a time: a few requests at once, the rest in turn (http/load-shedding.ts).
    maxActiveRequests: shedding.maxActiveRequests ?? (database.kind === 'pglite' ? EMBEDDED_MAX_ACTIVE_REQUESTS : 0),
    dbWaiting: database.waiting,
  });
  // The web build's inline boot script may run (its hash, read from the index.html this server sends).
  securityHeadersHook(app, config.brandDashboardUrl, webAppScriptHashes(options.webDist));
  app.addHook('onSend', (request, reply, payload, done) => {
    // HSTS only when this answer went over TLS (the socket's, or a trusted proxy's X-Forwarded-Proto).
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done(null, payload);
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'RFID stock tracking API', version: '1.0.0', description: 'Token auth: `Authorization: Token <key>`.' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
      security: [{ token: [] }],
    },
    // 401 and 403 where they apply, no body on a 204 (http/openapi.ts).
    transform: documentTransform,
    transformObject: documentTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024 } });
};

/**
 * The readers' bus, health, the engine and its pipeline, live updates, the background workers and every module's
 * routes.
 */
const registerDomain = async (
  app: FastifyInstance,
  {
    config,
    options,
    database,
    evictOnWrite,
  }: { config: Config; options: AppOptions; database: Database; evictOnWrite: Set<() => void> },
): Promise<void> => {
  const { bus, stockSnapshots = false, printerAllowLoopback = config.printerAllowLoopback } = options;
  const readersBus = typeof bus === 'function' ? await bus(app.log) : (bus ?? createNoBus());
  app.decorate('readersBus', readersBus);
  registerHealthRoutes(app, { database, bus: readersBus, probeMs: config.brokerProbeMs });
  // The engine and everything that runs in its transactions, in order: the working-mode handlers, then the commit
  // hooks (live updates, stock alarms, EPCIS events and their webhooks): modules/engine/pipeline.ts.
  const engine = createEngine({
    db: database.db,
    pipeline: readingSetPipeline({ exitAlarmWindowS: config.exitAlarmWindowS }),
  });
  // Live updates (modules/live): the pipeline's `live` hook writes the rows; this process's hub listens for them and
  // feeds its streams, from the app's start until its close (streams end first: no hanging close).
  const live = createLiveHub({
    database,
    log: app.log,
    ...(options.liveHeartbeatMs ? { heartbeatMs: options.liveHeartbeatMs } : {}),
  });
  app.addHook('onReady', live.start);
  app.addHook('preClose', live.close);
  // Every background worker of the process (plugins/workers.ts): created here, so that the routes can queue work on
  // them; the plugin registers the job kinds and runs the workers from onReady to onClose.
  // Where printers may be: never this host (any interface's address), loopback only when allowed and then never this
  // server's own HTTP port (modules/printing/printer-address.ts).
  const printers = {
    allowLoopback: printerAllowLoopback,
    serverPort: () => {
      const bound = app.server.address();
      return bound !== null && typeof bound === 'object' ? bound.port : undefined;
    },
  };
  const workers = createWorkers({ db: database.db, dbKind: database.kind, engine, config, log: app.log, printers });
  // A reader's key, place or mode changed in any process: every process forgets the readers it kept by key (migration
  // 0031, NOTIFY devices_changed); a user's successful write empties this process's at once, as the token cache does.
  if (config.authCacheMs > 0) {
    const stopDevices = await database.listen(DEVICES_CHANGED, workers.devices.keyCache);
    app.addHook('onClose', async () => stopDevices().catch(() => {}));
    evictOnWrite.add(workers.devices.keyCache.onNotify);
  }
  await registerModules(app, {
    engine,
    db: database.db,
    readDb: database.readDb,
    database,
    bus: readersBus,
    jobs: workers.jobs,
    workers,
    config,
    printers,
    live,
  });
  await app.register(workersPlugin, { workers, engine, db: database.db, config, bus: readersBus, stockSnapshots });
  // The broker connection opens once every handler is subscribed (queued reads arrive at once).
  app.addHook('onReady', async () => {
    await readersBus.start();
  });
};

/** The files of the built web app, when there is one. */
const registerWebApp = async (app: FastifyInstance, webDist: string | undefined): Promise<void> => {
  if (webDist && existsSync(webDist)) {
    // The files of the built app; the not-found handler answers its client-side routes.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: 'index.html',
      // The build writes .br and .gz beside each text file (apps/web/vite.config.ts): sent as the browser accepts.
      preCompressed: true,
      // Names under assets/ carry their content's hash: cached for good. The rest (index.html) is checked each time.
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', isHashedAsset(filePath) ? IMMUTABLE : 'no-cache');
      },
    });
  }
};

export const buildApp = async (options: AppOptions): Promise<FastifyInstance> => {
  const config = options.config ?? loadConfig();
  // What the options name is taken over the configuration's (tests build apps with their own).
  const {
    database,
    logger = false,
    webDist,
    trustProxy = config.trustProxy,
    publicUrl = config.publicUrl,
    exactCountLimit = config.exactCountLimit,
    defaultLanguage = config.defaultLanguage,
  } = options;
  const app = Fastify({
    logger: withoutQueryTokens(logger),
    logController: new OneLinePerRequest(),
    // A hop count trusts that many proxies in front of this server (Fastify's typings know it only as a function).
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: 20 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('publicUrl', publicUrl ?? null);
  app.decorate('exactCountLimit', exactCountLimit);
  app.decorateRequest('listCounts', null);
  // Every handler counts its lists by the one policy and can tell an estimated count (http/paging.ts).
  app.addHook('preHandler', countScopeHook);
  app.setValidatorCompiler(validatorCompiler);
  // Every API route refuses the query parameters its schema does not name (http/query-keys.ts).
  refuseUnknownQueryKeys(app);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorAnswers(app, { defaultLanguage, webDist });
  await registerPlatform(app, { config, options, database });
  // The audit log (modules/audit, docs/audit.md): every write by a user or an API key and every sign-in, once for all.
  // Caches a user's successful write empties in this process with the token cache (the readers' keys, below).
  const evictOnWrite = new Set<() => void>();
  await app.register(authPlugin, { database, cacheMs: config.authCacheMs, security: config.security, evictOnWrite });
  await app.register(auditHookPlugin, { db: database.db });
  // Lists and statistics read from the read replica while it keeps up (DATABASE_READ_URL, db/read-replica.ts).
  if (database.readReplica) readRoutingHooks(app, database.readReplica);
  locationScopeHook(app, database.db);

  await registerDomain(app, { config, options, database, evictOnWrite });
  await registerWebApp(app, webDist);
  return app;
};
