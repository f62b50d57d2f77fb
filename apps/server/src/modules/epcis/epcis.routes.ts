import { RoleThreshold } from '@rfid/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../http/errors.js';
import { pickLanguage } from '../../i18n/translate.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { JSON_LD_CONTEXT } from './epcis.identity.js';
import { recordLedgerEvents } from './epcis.ledger.js';
import type { VocabularyName } from './epcis.repository.js';
import { createEpcisService, EPCIS_HEADERS, type EventQuery, MAX_PER_PAGE, queryDocument } from './epcis.service.js';

const LD_JSON = 'application/ld+json; charset=utf-8';
/** The reader's language (Accept-Language) for the capture job's reasons. */
const languageOf = (request: FastifyRequest) => pickLanguage(request.headers['accept-language'], 'en');
/**
 * The product's OpenAPI page (/api/docs) leaves these routes out: their documentation is the standard's own
 * (apps/server/standards/epcis is the schema; openapi.yaml of github.com/gs1/EPCIS the bindings).
 */
const doc = { tags: ['epcis'], hide: true };
const query = z.record(z.string(), z.string());
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

/**
 * GS1 EPCIS 2.0 REST bindings (issue 17; the standard's openapi.yaml), under `/epcis` beside `/api`: the query
 * interface (events, an event, an EPC's events, vocabularies) and the capture interface. Auth by the product's tokens
 * (`Authorization: Token …`); a user sees the events of the locations in scope, company-wide roles the company's.
 * Besides the routes, the module writes the items ledger's events: its hook runs in every engine transaction.
 */
export const epcisRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, engine }) => {
  const service = createEpcisService(db);
  const remove = engine.beforeCommit(recordLedgerEvents);
  app.addHook('onClose', async () => {
    remove();
  });
  app.addContentTypeParser('application/ld+json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(new AppError('VALIDATION', { message: 'common.invalid_request' }));
    }
  });

  const events = async (request: FastifyRequest, reply: FastifyReply, q: EventQuery) => {
    const page = await service.query(currentUser(request), q);
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
  app.get(
    '/eventTypes/:eventType/events',
    { schema: { ...doc, summary: 'The events of one type', params: z.object({ eventType: z.string() }), querystring: query } },
    (request, reply) => events(request, reply, { ...request.query, eventType: request.params.eventType }),
  );
  app.get(
    '/bizSteps/:bizStep/events',
    {
      schema: {
        ...doc,
        summary: 'The events of one business step',
        params: z.object({ bizStep: z.string() }),
        querystring: query,
      },
    },
    (request, reply) => events(request, reply, { ...request.query, EQ_bizStep: request.params.bizStep }),
  );
  app.get(
    '/dispositions/:disposition/events',
    {
      schema: {
        ...doc,
        summary: 'The events of one disposition',
        params: z.object({ disposition: z.string() }),
        querystring: query,
      },
    },
    (request, reply) => events(request, reply, { ...request.query, EQ_disposition: request.params.disposition }),
  );
  app.get(
    '/readPoints/:readPoint/events',
    {
      schema: {
        ...doc,
        summary: 'The events of one read point',
        params: z.object({ readPoint: z.string() }),
        querystring: query,
      },
    },
    (request, reply) => events(request, reply, { ...request.query, EQ_readPoint: request.params.readPoint }),
  );
  app.get(
    '/bizLocations/:bizLocation/events',
    {
      schema: {
        ...doc,
        summary: 'The events of one business location',
        params: z.object({ bizLocation: z.string() }),
        querystring: query,
      },
    },
    (request, reply) => events(request, reply, { ...request.query, EQ_bizLocation: request.params.bizLocation }),
  );

  // ---- Discovery (openapi.yaml's `Discovery` tag) ----
  // OPTIONS on any EPCIS resource: 204 with the versions and formats; GET / lists the top-level resources, and
  // GET /{resource}/{value} the sub-resources of one value (only `events`). The standard's `queries` (named queries
  // and subscriptions) are not offered: the product's clients poll `/events` with the query parameters.
  const collection = (member: string[]) => ({ '@context': JSON_LD_CONTEXT, type: 'Collection', member });
  const TOP_LEVEL = ['capture', 'events', 'eventTypes', 'epcs', 'readPoints', 'bizLocations', 'dispositions', 'bizSteps'];
  app.options('/*', { schema: { ...doc, summary: 'EPCIS discovery' } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const writable = /\/(capture|events)\/?$/.test(path);
    reply
      .code(204)
      .headers({ ...EPCIS_HEADERS, ...DISCOVERY_HEADERS })
      .header('Allow', writable ? 'OPTIONS, GET, POST' : 'OPTIONS, GET');
  });
  app.get('/', { schema: { ...doc, summary: 'The top-level resources' } }, async (_request, reply) =>
    answer(reply, collection(TOP_LEVEL)),
  );
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

  // Top-level vocabulary resources: `{ "@set": [...] }` (openapi.yaml), paged like the events.
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

  // ---- Capture ----
  const capture = async (request: FastifyRequest, reply: FastifyReply, document: unknown) => {
    const id = await service.capture(currentUser(request), document);
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
    (request, reply) => {
      const event = request.body;
      if (typeof event !== 'object' || event === null || Array.isArray(event)) {
        throw new AppError('VALIDATION', { message: 'epcis.not_an_event' });
      }
      const { '@context': context, ...rest } = event as Record<string, unknown>;
      return capture(request, reply, {
        '@context': context ?? JSON_LD_CONTEXT,
        type: 'EPCISDocument',
        schemaVersion: '2.0',
        creationDate: new Date().toISOString(),
        epcisBody: { eventList: [rest] },
      });
    },
  );
  app.get(
    '/capture',
    { schema: { ...doc, summary: 'The capture jobs of the company', querystring: query } },
    async (request, reply) => {
      const page = await service.captureJobs(currentUser(request), request.query, languageOf(request));
      reply.headers(EPCIS_HEADERS);
      if (page.next) reply.header('Link', nextLink(request, page.next));
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
