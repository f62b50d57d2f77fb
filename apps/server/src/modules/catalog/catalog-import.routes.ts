import {
  CATALOG_IMPORT_MAX_BYTES,
  catalogImportListQuerySchema,
  catalogImportParamsSchema,
  catalogImportSchema,
  errorBodySchema,
  RoleThreshold,
} from '@rfid/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { streamCsv } from '../../http/csv.js';
import { AppError, fieldError } from '../../http/errors.js';
import { isMalformedMultipartError, MALFORMED_MULTIPART } from '../../http/multipart.js';
import { pageParams } from '../../http/paging.js';
import { routeDeclarer } from '../../http/route.js';
import { pickLanguage } from '../../i18n/translate.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { CATALOG_IMPORT_JOB, type CatalogImportJobPayload, catalogImportJobKey } from './catalog-import.job.js';
import { createCatalogImportRepository } from './catalog-import.repository.js';
import { getCatalogImport } from './use-cases/get-catalog-import.js';
import { getCatalogImportReport } from './use-cases/get-catalog-import-report.js';
import { listCatalogImports } from './use-cases/list-catalog-imports.js';
import { FileTooLargeError, startCatalogImport, type UploadStream } from './use-cases/start-catalog-import.js';

/** The request's file (multipart field `file`), streamed: its reading errors become 400s on `file`. */
const uploadOf = async (request: FastifyRequest, maxBytes: number): Promise<UploadStream> => {
  if (!request.isMultipart())
    throw new AppError('VALIDATION', {
      message: 'catalogue.send_multipart',
      errors: { file: ['catalogue.send_multipart'] },
    });
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10 } });
  } catch (error) {
    if (isMalformedMultipartError(error)) throw fieldError('file', MALFORMED_MULTIPART);
    throw error;
  }
  if (!part) throw fieldError('file', 'upload.select_file');
  const file = part.file;
  async function* bytes(): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of file) yield chunk as Buffer;
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new FileTooLargeError();
      if (isMalformedMultipartError(error)) throw fieldError('file', MALFORMED_MULTIPART);
      throw error;
    }
    if (file.truncated) throw new FileTooLargeError();
  }
  return { filename: part.filename, mimetype: part.mimetype, bytes: bytes() };
};

/**
 * Catalogue import (issue 27, docs/catalog-import.md): a file of GTINs uploaded, imported by a background job, its
 * progress and its report of rejected records. Roles 1–2 (company admin, brand manager), their company's imports only.
 */
export const catalogImportRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, jobs, config }) => {
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
  const route = routeDeclarer(['catalog'], errors);
  const repo = createCatalogImportRepository(db);
  const maxBytes = Math.min(config.catalogImportMaxBytes, CATALOG_IMPORT_MAX_BYTES);
  const languageOf = (request: FastifyRequest) => pickLanguage(request.headers['accept-language'], config.defaultLanguage);

  app.post(
    '/types/import/',
    route({
      maxRole: RoleThreshold.adminMenu,
      summary:
        'Import GTINs from a file (multipart field "file": CSV with a header, "," or ";", or JSON Lines): new GTINs inserted, known ones updated; a background job, its progress at GET /types/import/{id}/',
      consumes: ['multipart/form-data'],
      accepted: catalogImportSchema,
    }),
    async (request, reply) => {
      const user = currentUser(request);
      const file = await uploadOf(request, maxBytes);
      const created = await startCatalogImport(
        {
          repo,
          maxBytes,
          queueInTransaction: async (importId, work) => {
            await db.transaction(async (tx) => {
              await work(tx);
              const payload: CatalogImportJobPayload = { importId };
              await jobs.enqueue(tx, { kind: CATALOG_IMPORT_JOB, key: catalogImportJobKey(importId), payload });
            });
            jobs.wake();
          },
        },
        user,
        { file, language: languageOf(request) },
      );
      return reply.status(202).send(created);
    },
  );

  app.get(
    '/types/import/',
    route({
      maxRole: RoleThreshold.adminMenu,
      summary: "The company's catalogue imports, latest first (paged: limit, offset)",
      querystring: catalogImportListQuerySchema,
      ok: z.object({ count: z.number(), results: z.array(catalogImportSchema) }),
    }),
    async (request) =>
      listCatalogImports(repo, currentUser(request), { page: pageParams(request.query), language: languageOf(request) }),
  );

  app.get(
    '/types/import/:id/',
    route({
      maxRole: RoleThreshold.adminMenu,
      summary: 'A catalogue import: state, rows done of total, percent, inserted, updated, unchanged, rejected',
      params: catalogImportParamsSchema,
      ok: catalogImportSchema,
    }),
    async (request) => getCatalogImport(repo, currentUser(request), { id: request.params.id, language: languageOf(request) }),
  );

  app.get(
    '/types/import/:id/rejected/',
    route({
      maxRole: RoleThreshold.adminMenu,
      summary: "A catalogue import's rejected records as CSV: line, GTIN and reason, in the reader's language",
      params: catalogImportParamsSchema,
    }),
    async (request, reply) => {
      const report = await getCatalogImportReport(repo, currentUser(request), {
        id: request.params.id,
        language: languageOf(request),
      });
      return streamCsv(reply, report);
    },
  );
};
