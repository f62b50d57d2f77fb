import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { ExportQuery } from '@rfid/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../i18n/messages.js';
import { pickLanguage } from '../../i18n/translate.js';
import { csvStream, type ExportOptions, type ExportTable, type Words, writeXlsx } from './table.js';

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/**
 * The file a request asks for: `format` (csv by default), `lang` (else the request's Accept-Language, else the
 * server's default language) and the zone its times are written in (the location's).
 */
export const exportOptionsOf = (
  request: FastifyRequest,
  { timeZone, defaultLanguage }: { timeZone: string; defaultLanguage: Language },
): ExportOptions => {
  const query = (request.query ?? {}) as ExportQuery; // the route's schema has parsed it (exportQuerySchema's fields)
  return {
    format: query.format ?? 'csv',
    language: query.lang ?? pickLanguage(request.headers['accept-language'], defaultLanguage),
    timeZone,
  };
};

/** The download name: `name` in the file's language, sanitized, with the format's extension. */
export const exportFileName = (name: Words, { format, language }: Pick<ExportOptions, 'format' | 'language'>): string =>
  `${name[language].replace(/[^\w.-]/g, '_')}.${format}`;

/** The rows of a file: all at once, or in chunks fetched on demand. */
export type ExportRows<R> = Iterable<R> | AsyncIterable<readonly R[]>;

/**
 * Sends a table as a download (CSV or xlsx, as `options` say). Rows come at once or in chunks fetched on demand (a CSV
 * waits for the client between chunks: constant memory for any size).
 */
export const sendExport = <R>(
  reply: FastifyReply,
  { table, name, rows, options }: { table: ExportTable<R>; name: Words; rows: ExportRows<R>; options: ExportOptions },
): FastifyReply => {
  reply
    .header('content-type', CONTENT_TYPES[options.format])
    .header('content-language', options.language)
    .header('content-disposition', `attachment; filename="${exportFileName(name, options)}"`);
  if (options.format === 'xlsx') {
    const stream = new PassThrough();
    setImmediate(() => {
      writeXlsx(stream, table, rows, options).catch((error: unknown) => stream.destroy(error as Error));
    });
    return reply.send(stream);
  }
  const { stringifier, cells } = csvStream(table, options);
  setImmediate(async () => {
    try {
      if (Symbol.asyncIterator in rows) {
        for await (const chunk of rows) {
          for (const row of chunk) if (!stringifier.write(cells(row))) await once(stringifier, 'drain');
        }
      } else {
        for (const row of rows) if (!stringifier.write(cells(row))) await once(stringifier, 'drain');
      }
      stringifier.end();
    } catch (error) {
      stringifier.destroy(error as Error);
    }
  });
  return reply.send(stringifier);
};
