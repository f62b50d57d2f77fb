import {
  errorBodySchema,
  ingestedSetSchema,
  readerIngestStatusSchema,
  readingSetBodySchema,
  streamAcceptedSchema,
} from '@rfid/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { msg, untranslated } from '../../i18n/messages.js';
import { countReads, newestOf } from '../../plugins/metrics.js';
import type { ModuleDeps } from '../registry.js';
import { parseJsonOrLines, READER_BODY_TYPES } from './body-lines.js';
import { createIngestRepository, type IngestDevice } from './ingest.repository.js';
import { ingestSet, toIngestedSetDto, toSetInput } from './ingest.service.js';
import { parseReaderPayload } from './stream.js';

/**
 * Reader ingestion: reading sets and single-read streams over HTTP (device key) and MQTT.
 * These routes are `public` for the token check: a reader authenticates with its own key
 * (`Authorization: Device <key>`), checked before the body is validated.
 */
export const ingestRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, engine, workers }) => {
  // The reader directory and the stream grouper are the workers' (plugins/workers.ts: the sweep, the LLRP client, MQTT).
  const { devices, grouper } = workers;
  const authenticated = new WeakMap<FastifyRequest, IngestDevice>();
  // Readers send `Authorization: Device <key>`; the OpenAPI page names it in each summary.
  const tags = ['ingest'];
  const authenticate = async (request: FastifyRequest) => {
    authenticated.set(request, await devices.authenticate(request.headers.authorization));
  };
  const deviceOf = (request: FastifyRequest): IngestDevice => {
    const device = authenticated.get(request);
    if (!device) throw new AppError('UNAUTHENTICATED', { message: 'ingest.invalid_device_key' });
    return device;
  };
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema };

  app.post(
    '/readingsets/',
    {
      config: { public: true },
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'A reader sends a reading set (Authorization: Device <key>, or Basic with the reader serial or MAC and its key; idempotent on its id; at most 10,000 EPCs)',
        body: readingSetBodySchema,
        response: { 200: ingestedSetSchema, 201: ingestedSetSchema, ...errors },
      },
    },
    async (request, reply) => {
      const device = deviceOf(request);
      devices.assertSameDevice(device, request.body.device);
      const input = toSetInput(request.body);
      const { set, isCreated } = await ingestSet(engine, device, input);
      countReads('http', 'set', input.reads.length, input.endTime);
      await devices.touch(device.id);
      return reply.status(isCreated ? 201 : 200).send(toIngestedSetDto(set, isCreated));
    },
  );

  // Event batches come as one JSON document or newline-delimited JSON, under whatever content type the reader's
  // firmware labels them with (body-lines.ts): the readers' routes read both under each of these types.
  for (const type of ['application/json', 'text/plain']) if (app.hasContentTypeParser(type)) app.removeContentTypeParser(type);
  app.addContentTypeParser(READER_BODY_TYPES, { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (!text.trim()) {
      done(null, undefined);
      return;
    }
    const parsed = parseJsonOrLines(text);
    if (parsed === null) done(new AppError('VALIDATION', { message: 'ingest.one_json_event' }), undefined);
    else done(null, parsed);
  });

  app.post(
    '/readers/stream/',
    {
      // Its reads are staged by one statement for the requests at once (stream-grouper.ts): not held to the embedded
      // database's few requests at once (http/load-shedding.ts), which kept the batches at 4 reads.
      config: { public: true, groupCommitted: true },
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Single-read stream (Authorization: Device <key>): Zebra IoT Connector tag data events or Impinj tagInventory events (one or an array), grouped into sets by an idle gap',
        body: z.unknown(),
        response: { 202: streamAcceptedSchema, ...errors },
      },
      // One request a read (issue 30): the answers are built here (typed by the schemas above, which the OpenAPI page
      // shows) and written as they are, without a Zod pass over each of them.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request, reply) => {
      const device = deviceOf(request);
      const parsed = parseReaderPayload(request.body);
      if (parsed.kind === 'invalid') throw new AppError('VALIDATION', { message: untranslated(parsed.reason) });
      if (parsed.kind === 'set') {
        throw new AppError('VALIDATION', { message: 'ingest.sets_elsewhere' });
      }
      const [firstRejected] = parsed.rejected;
      if (parsed.reads.length === 0 && firstRejected) {
        throw new AppError('VALIDATION', {
          message: msg('ingest.event_rejected', { index: firstRejected.index, reason: untranslated(firstRejected.reason) }),
        });
      }
      // The good events of a batch are stored; the bad ones are named in the answer.
      const result = await grouper.stage(device, parsed.reads);
      countReads('http', 'stream', parsed.reads.length, newestOf(parsed.reads));
      await devices.touch(device.id);
      return reply.status(202).send({ ...result, rejected: parsed.rejected });
    },
  );

  app.get(
    '/readers/status/',
    {
      config: { public: true },
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'What the server holds for this reader (Authorization: Device <key>): staged stream reads, stored sets and reads',
        response: { 200: readerIngestStatusSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const device = deviceOf(request);
      const counts = await createIngestRepository(db).readerCounts(device.id);
      return {
        device: device.serialNumber,
        working_mode: device.workingMode,
        staged_reads: counts.staged,
        stored_sets: counts.sets,
        stored_reads: counts.reads,
      };
    },
  );
};
