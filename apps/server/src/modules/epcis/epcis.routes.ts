import {
  epcisNamedQueryCreateSchema,
  epcisNamedQuerySchema,
  epcisSubscriptionCreateSchema,
  epcisSubscriptionSchema,
  RoleThreshold,
} from '@rfid/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../http/errors.js';
import type { ZodApp } from '../../http/route.js';
import { pickLanguage } from '../../i18n/translate.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { EPCIS_HEADERS, queryDocument } from './epcis.document.js';
import { JSON_LD_CONTEXT } from './epcis.identity.js';
import { installEpcisProblems } from './epcis.problem.js';
import type { RawQuery } from './epcis.query.js';
import type { VocabularyName } from './epcis.repository.js';
import { createEpcisService } from './epcis.service.js';
import { EPCIS_SUBSCRIPTIONS_JOB } from './epcis.subscriptions-job.js';
import { createEpcisQueriesRepository } from './epcis-queries.repository.js';
import { createNamedQuery } from './use-cases/create-named-query.js';
import { createSubscription } from './use-cases/create-subscription.js';
import { deleteNamedQuery } from './use-cases/delete-named-query.js';
import { deleteSubscription } from './use-cases/delete-subscription.js';
import { getNamedQuery } from './use-cases/get-named-query.js';
import { getSubscription } from './use-cases/get-subscription.js';
import { listNamedQueries } from './use-cases/list-named-queries.js';
import { listSubscriptions } from './use-cases/list-subscriptions.js';
import { namedQueryEvents } from './use-cases/named-query-events.js';
import { MAX_PER_PAGE, queryEvents } from './use-cases/query-events.js';

const LD_JSON = 'application/ld+json; charset=utf-8';
/** The reader's language (Accept-Language) for the capture job's reasons. */
const languageOf = (request: FastifyRequest) => pickLanguage(request.headers['accept-language'], 'en');
/**
 * In the product's OpenAPI page (/api/docs) under the `epcis` tag; the standard's own documents are the reference
 * (apps/server/standards/epcis: the schema; openapi.yaml of github.com/gs1/EPCIS: the binding).
 */
const doc = { tags: ['epcis'] };
/** SimpleEventQuery parameters (section 8.2.7.1; lists pipe-delimited), perPage and nextPageToken. */
const query = z.record(z.string().max(200), z.string());
const queryName = z.object({ queryName: z.string().min(1).max(100) });
const subscriptionParams = queryName.extend({ subscriptionID: z.string().min(1).max(100) });
const paging = z.object({ perPage: z.string().optional(), nextPageToken: z.string().max(200).optional() });
/** The discovery headers of an OPTIONS answer (openapi.yaml, 204DefaultDiscoveryResponse). */
const DISCOVERY_HEADERS = {
  'GS1-EPCIS-Min': '2.0.0',
  'GS1-EPCIS-Max': '2.0.0',
  'GS1-CBV-Min': '2.0.0',
  'GS1-CBV-Max': '2.0.0',
  'GS1-CBV-XML-Format': 'Always_URN',
  'GS1-Extensions': '',
  'GS1-Vendor-Version': 'rfid-stock',
};
const EVENT_TYPES = ['ObjectEvent', 'AggregationEvent', 'TransactionEvent', 'TransformationEvent', 'AssociationEvent'];

/** The request's own URL with `nextPageToken` set: the `Link: rel="next"` of a page. */
const nextLink = (request: FastifyRequest, token: string): string => {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  url.searchParams.set('nextPageToken', token);
  return `<${url.pathname}${url.search}>; rel="next"`;
};

const answer = (
  reply: FastifyReply,
  body: unknown,
  { next, request }: { next?: string | null; request?: FastifyRequest } = {},
) => {
  reply.headers(EPCIS_HEADERS).type(LD_JSON);
  if (next && request) reply.header('Link', nextLink(request, next));
  return body;
};

type EpcisService = ReturnType<typeof createEpcisService>;
type EpcisQueries = ReturnType<typeof createEpcisQueriesRepository>;

/** The query filters of the event sub-resources `/{resource}/{value}/events` (after `/epcs/:epc/events`). */
const EVENT_FILTERS = [
  ['eventTypes', 'eventType', 'eventType', 'The events of one type'],
  ['bizSteps', 'bizStep', 'EQ_bizStep', 'The events of one business step'],
  ['dispositions', 'disposition', 'EQ_disposition', 'The events of one disposition'],
  ['readPoints', 'readPoint', 'EQ_readPoint', 'The events of one read point'],
  ['bizLocations', 'bizLocation', 'EQ_bizLocation', 'The events of one business location'],
] as const;

/** The query interface's events: all, one by its eventID, an EPC's, and those of one value of a vocabulary. */
const registerEventRoutes = (app: ZodApp, service: EpcisService, queries: EpcisQueries) => {
  const events = async (request: FastifyRequest, reply: FastifyReply, q: RawQuery) => {
    const page = await queryEvents(queries, currentUser(request), q);
    return answer(reply, queryDocument(page.events), { next: page.next, request });
  };

  app.get(
    '/events',
    { schema: { ...doc, summary: 'EPCIS events (SimpleEventQuery parameters, perPage, nextPageToken)', querystring: query } },
    (request, reply) => events(request, reply, request.query),
  );
  app.get(
    '/events/:eventID',
    { schema: { ...doc, summary: 'One EPCIS event by its eventID', params: z.object({ eventID: z.string() }) } },
    async (request, reply) => answer(reply, await service.event(currentUser(request), request.params.eventID)),
  );
  app.get(
    '/epcs/:epc/events',
    { schema: { ...doc, summary: 'The events of one EPC', params: z.object({ epc: z.string() }), querystring: query } },
    (request, reply) => events(request, reply, { ...request.query, MATCH_epc: request.params.epc }),
  );
  for (const [name, param, filter, summary] of EVENT_FILTERS) {
    app.get(
      `/${name}/:${param}/events`,
      { schema: { ...doc, summary, params: z.object({ [param]: z.string() }), querystring: query } },
      (request, reply) => {
        const value = (request.params as Record<string, string>)[param] ?? '';
        return events(request, reply, { ...request.query, [filter]: value });
      },
    );
  }
};

const collection = (member: string[]) => ({ '@context': JSON_LD_CONTEXT, type: 'Collection', member });
const TOP_LEVEL = [
  'capture',
  'events',
  'queries',
  'eventTypes',
  'epcs',
  'readPoints',
  'bizLocations',
  'dispositions',
  'bizSteps',
];

// ---- Discovery (openapi.yaml's `Discovery` tag) ----
// OPTIONS on any EPCIS resource: 204 with the versions and formats; GET / lists the top-level resources, and
// GET /{resource}/{value} the sub-resources of one value (only `events`).
const registerDiscoveryRoutes = (app: ZodApp) => {
  app.options('/*', { schema: { ...doc, summary: 'EPCIS discovery' } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const writable = /\/(capture|events|queries|subscriptions)\/?$/.test(path);
    reply
      .code(204)
      .headers({ ...EPCIS_HEADERS, ...DISCOVERY_HEADERS })
      .header('Allow', writable ? 'OPTIONS, GET, POST' : 'OPTIONS, GET');
  });
  app.get('/', { schema: { ...doc, summary: 'The top-level resources' } }, async (request, reply) => {
    // A browser opening the web app's EPCIS page (/epcis typed or reloaded): the app's index.html, as for any of its
    // client-side routes (API clients ask for JSON).
    if (/\btext\/html\b/.test(request.headers.accept ?? '') && typeof reply.sendFile === 'function') {
      return reply.type('text/html').sendFile('index.html');
    }
    return answer(reply, collection(TOP_LEVEL));
  });
  app.get(
    '/eventTypes/:eventType',
    { schema: { ...doc, summary: 'The sub-resources of an event type', params: z.object({ eventType: z.string() }) } },
    async (request, reply) => {
      if (!EVENT_TYPES.includes(request.params.eventType)) throw notFound();
      return answer(reply, collection(['events']));
    },
  );
  for (const [name, param] of [
    ['bizSteps', 'bizStep'],
    ['dispositions', 'disposition'],
    ['readPoints', 'readPoint'],
    ['bizLocations', 'bizLocation'],
    ['epcs', 'epc'],
  ] as const) {
    app.get(
      `/${name}/:${param}`,
      { schema: { ...doc, summary: `The sub-resources of one of the ${name}`, params: z.record(z.string(), z.string()) } },
      async (_request, reply) => answer(reply, collection(['events'])),
    );
  }
};

/** Top-level vocabulary resources: `{ "@set": [...] }` (openapi.yaml), paged like the events. */
const registerVocabularyRoutes = (app: ZodApp, service: EpcisService) => {
  app.get('/eventTypes', { schema: { ...doc, summary: 'The event types' } }, async (_request, reply) =>
    answer(reply, { '@context': JSON_LD_CONTEXT, '@set': EVENT_TYPES }),
  );
  for (const name of ['bizSteps', 'dispositions', 'readPoints', 'bizLocations', 'epcs'] as const satisfies VocabularyName[]) {
    app.get(
      `/${name}`,
      {
        schema: {
          ...doc,
          summary: `The ${name} of the events in scope (perPage ≤ ${MAX_PER_PAGE}, nextPageToken)`,
          querystring: query,
        },
      },
      async (request, reply) => {
        const page = await service.vocabulary(currentUser(request), name, request.query);
        return answer(reply, { '@context': JSON_LD_CONTEXT, '@set': page.values }, { next: page.next, request });
      },
    );
  }
};

/** EPCIS headers and, when there is a next page, its `Link` (the lists answered as plain JSON arrays). */
const pagedHeaders = (request: FastifyRequest, reply: FastifyReply, next: string | null | undefined) => {
  reply.headers(EPCIS_HEADERS);
  if (next) reply.header('Link', nextLink(request, next));
};

/** One event posted alone, as the document of one event the capture interface takes. */
const eventDocument = (event: unknown) => {
  if (typeof event !== 'object' || event === null || Array.isArray(event)) {
    throw new AppError('VALIDATION', { message: 'epcis.not_an_event' });
  }
  const { '@context': context, ...rest } = event as Record<string, unknown>;
  return {
    '@context': context ?? JSON_LD_CONTEXT,
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: new Date().toISOString(),
    epcisBody: { eventList: [rest] },
  };
};

// ---- Capture ----
const registerCaptureRoutes = (app: ZodApp, service: EpcisService, { db, jobs }: Pick<ModuleDeps, 'db' | 'jobs'>) => {
  const capture = async (request: FastifyRequest, reply: FastifyReply, document: unknown) => {
    const id = await service.capture(currentUser(request), document);
    // Stream subscriptions report the new events now rather than at the job's next tick.
    await jobs.enqueue(db, { kind: EPCIS_SUBSCRIPTIONS_JOB, key: `${EPCIS_SUBSCRIPTIONS_JOB}:capture:${id}`, payload: {} });
    reply.code(202).headers(EPCIS_HEADERS).header('Location', `/epcis/capture/${id}`);
    return { captureID: String(id) };
  };
  app.post(
    '/capture',
    {
      config: { maxRole: RoleThreshold.createOrders },
      schema: { ...doc, summary: 'Captures an EPCIS 2.0 document (JSON Schema checked); 202 with the job at Location' },
    },
    (request, reply) => capture(request, reply, request.body),
  );
  app.post(
    '/events',
    {
      config: { maxRole: RoleThreshold.createOrders },
      schema: { ...doc, summary: 'Captures one EPCIS event (as a document of one event); 202 with the job at Location' },
    },
    (request, reply) => capture(request, reply, eventDocument(request.body)),
  );
  app.get(
    '/capture',
    { schema: { ...doc, summary: 'The capture jobs of the company', querystring: query } },
    async (request, reply) => {
      const page = await service.captureJobs(currentUser(request), request.query, languageOf(request));
      pagedHeaders(request, reply, page.next);
      return page.jobs;
    },
  );
  app.get(
    '/capture/:captureID',
    { schema: { ...doc, summary: 'A capture job', params: z.object({ captureID: z.coerce.number().int().positive() }) } },
    async (request, reply) => {
      reply.headers(EPCIS_HEADERS);
      return service.captureJob(currentUser(request), request.params.captureID, languageOf(request));
    },
  );
};

const writer = { maxRole: RoleThreshold.createOrders };

// ---- Named queries (openapi.yaml `Queries`; issue 27) ----
const registerNamedQueryRoutes = (app: ZodApp, queries: EpcisQueries) => {
  app.get(
    '/queries',
    { schema: { ...doc, summary: 'The named queries of the company (perPage, nextPageToken)', querystring: paging } },
    async (request, reply) => {
      const page = await listNamedQueries(queries, currentUser(request), request.query);
      pagedHeaders(request, reply, page.next);
      return page.queries;
    },
  );
  app.post(
    '/queries',
    {
      config: writer,
      schema: {
        ...doc,
        summary: 'Saves a named SimpleEventQuery; 201 with its URL at Location',
        body: epcisNamedQueryCreateSchema,
      },
    },
    async (request, reply) => {
      const created = await createNamedQuery(queries, currentUser(request), request.body);
      reply
        .code(201)
        .headers(EPCIS_HEADERS)
        .header('Location', `/epcis/queries/${encodeURIComponent(created.name)}`);
      return epcisNamedQuerySchema.parse(created);
    },
  );
  app.get('/queries/:queryName', { schema: { ...doc, summary: 'A named query', params: queryName } }, async (request, reply) => {
    reply.headers(EPCIS_HEADERS);
    return getNamedQuery(queries, currentUser(request), request.params.queryName);
  });
  app.delete(
    '/queries/:queryName',
    { config: writer, schema: { ...doc, summary: 'Deletes a named query and its subscriptions', params: queryName } },
    async (request, reply) => {
      await deleteNamedQuery(queries, currentUser(request), request.params.queryName);
      return reply.code(204).headers(EPCIS_HEADERS).send();
    },
  );
  app.get(
    '/queries/:queryName/events',
    { schema: { ...doc, summary: "The named query's events (perPage, nextPageToken)", params: queryName, querystring: paging } },
    async (request, reply) => {
      const page = await namedQueryEvents(queries, currentUser(request), request.params.queryName, request.query);
      return answer(reply, queryDocument(page.events, request.params.queryName), { next: page.next, request });
    },
  );
};

// ---- Subscriptions (openapi.yaml `Subscriptions`; issue 27) ----
const registerSubscriptionRoutes = (app: ZodApp, queries: EpcisQueries) => {
  app.get(
    '/queries/:queryName/subscriptions',
    { schema: { ...doc, summary: "The named query's subscriptions", params: queryName } },
    async (request, reply) => {
      reply.headers(EPCIS_HEADERS);
      return listSubscriptions(queries, currentUser(request), request.params.queryName);
    },
  );
  app.post(
    '/queries/:queryName/subscriptions',
    {
      config: writer,
      schema: {
        ...doc,
        summary: 'Subscribes a webhook destination to a named query: on a schedule, or as a stream of new events',
        params: queryName,
        body: epcisSubscriptionCreateSchema,
      },
    },
    async (request, reply) => {
      const created = await createSubscription(queries, currentUser(request), request.params.queryName, request.body);
      reply
        .code(201)
        .headers(EPCIS_HEADERS)
        .header(
          'Location',
          `/epcis/queries/${encodeURIComponent(request.params.queryName)}/subscriptions/${created.subscriptionID}`,
        );
      return epcisSubscriptionSchema.parse(created);
    },
  );
  app.get(
    '/queries/:queryName/subscriptions/:subscriptionID',
    { schema: { ...doc, summary: 'A subscription', params: subscriptionParams } },
    async (request, reply) => {
      reply.headers(EPCIS_HEADERS);
      const { queryName: name, subscriptionID } = request.params;
      return getSubscription(queries, currentUser(request), name, subscriptionID);
    },
  );
  app.delete(
    '/queries/:queryName/subscriptions/:subscriptionID',
    { config: writer, schema: { ...doc, summary: 'Ends a subscription', params: subscriptionParams } },
    async (request, reply) => {
      const { queryName: name, subscriptionID } = request.params;
      await deleteSubscription(queries, currentUser(request), name, subscriptionID);
      return reply.code(204).headers(EPCIS_HEADERS).send();
    },
  );
};

/**
 * GS1 EPCIS 2.0 REST bindings (issue 17; the standard's openapi.yaml), under `/epcis` beside `/api`: the query
 * interface (events, an event, an EPC's events, vocabularies) and the capture interface. Auth by the product's tokens
 * (`Authorization: Token …`); a user sees the events of the locations in scope, company-wide roles the company's.
 * Besides the routes, the module writes the items ledger's events: its `epcis` commit hook (epcis.ledger.ts) is in
 * the engine's pipeline (engine/pipeline.ts).
 */
export const epcisRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, jobs }) => {
  installEpcisProblems(app);
  const service = createEpcisService(db);
  const queries = createEpcisQueriesRepository(db);
  app.addContentTypeParser('application/ld+json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(new AppError('VALIDATION', { message: 'common.invalid_request' }));
    }
  });
  registerEventRoutes(app, service, queries);
  registerDiscoveryRoutes(app);
  registerVocabularyRoutes(app, service);
  registerCaptureRoutes(app, service, { db, jobs });
  registerNamedQueryRoutes(app, queries);
  registerSubscriptionRoutes(app, queries);
};
