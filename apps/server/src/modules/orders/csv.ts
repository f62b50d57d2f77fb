import { type Stringifier, stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/** Cells that a spreadsheet would run as a formula (= + - @, also tab and CR) get a leading quote. */
export const escapeCell = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * Streams rows as CSV (csv-stringify) with a download file name. Every string cell is escaped
 * against CSV injection; dates are ISO 8601.
 */
export const sendCsv = (
  reply: FastifyReply,
  { filename, columns, rows }: { filename: string; columns: string[]; rows: Iterable<unknown[]> },
): FastifyReply => {
  const stringifier: Stringifier = stringify({
    header: true,
    columns,
    cast: {
      string: escapeCell,
      date: (d) => d.toISOString(),
      boolean: (b) => (b ? 'true' : 'false'),
    },
  });
  reply.header('content-type', 'text/csv; charset=utf-8');
  reply.header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`);
  // Written asynchronously so a large file flows through the stream's back-pressure.
  setImmediate(() => {
    for (const row of rows) stringifier.write(row);
    stringifier.end();
  });
  return reply.send(stringifier);
};
