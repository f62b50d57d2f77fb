import { once } from 'node:events';
import { type Options, type Stringifier, stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

/**
 * A formula start after a separator of any locale (`,`, `;` of a Spanish or German Excel, tab) or a line
 * break inside a text cell, perhaps behind spaces or quotes: a spreadsheet that splits the line on another
 * separator than ours (or does not honour our quotes there) would make a cell of it and run it.
 */
const INNER_FORMULA = /([,;\t\r\n])([\s"]*)(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;

/** A text cell made inert: every formula start inside it (after a separator or a line break) gets a `'`. */
export const inertText = (value: string): string => value.replace(INNER_FORMULA, "$1$2'");

/**
 * The server's one CSV writer (csv-stringify). Against formula injection (OWASP "CSV injection"):
 * - every text cell is quoted, so a separator inside it never starts a new cell in a reader that splits
 *   on ours (`,`) or honours the quotes;
 * - a text cell starting with `= + - @`, tab or CR (or their full-width forms) gets a leading `'`
 *   (csv-stringify's `escape_formulas`), and so does every formula start after a separator of any
 *   locale or a line break inside it (`inertText`): a Spanish Excel splits `a;=1+1` on the `;`
 *   even when the cell is quoted, if the line does not start with a quote, and the `=` would run;
 * - numbers (also negative ones), dates (ISO 8601) and booleans (true/false) are written as values, and so
 *   is the header row (the server's own column names).
 */
export const CSV_OPTIONS: Options = {
  quoted_string: true,
  escape_formulas: true,
  cast: {
    // The header row is our own column names: written as they are. Every other text cell is quoted and made inert.
    string: (value, { header }) => (header ? { value, quoted_string: false } : inertText(value)),
    date: (d) => d.toISOString(),
    boolean: (b) => (b ? 'true' : 'false'),
  },
};

/**
 * How a file is written for what opens it: 'plain' (`,` and `.`, no BOM: a program's feed), 'en' (an English
 * spreadsheet: the same with a UTF-8 BOM) or 'es' (a Spanish spreadsheet: `;` between cells, a decimal comma, and a
 * UTF-8 BOM so its accents read right when opened by a double click). The exports for people pick 'es' or 'en' by
 * the user's language (lib/export).
 */
export type CsvDialect = 'plain' | 'es' | 'en';
const dialectOptions = (dialect: CsvDialect): Options => {
  if (dialect === 'plain') return CSV_OPTIONS;
  if (dialect === 'en') return { ...CSV_OPTIONS, bom: true };
  return {
    ...CSV_OPTIONS,
    delimiter: ';',
    bom: true,
    cast: { ...CSV_OPTIONS.cast, number: (n) => ({ value: String(n).replace('.', ','), quoted_string: false }) },
  };
};

/** Rows (and an optional header row from `columns`) as CSV text, at once. */
export const csvText = (
  rows: unknown[][],
  { columns, dialect = 'plain' }: { columns?: string[]; dialect?: CsvDialect } = {},
): string => stringifySync(rows, { ...dialectOptions(dialect), ...(columns ? { header: true, columns } : {}) });

export const csvStringifier = (columns: string[], dialect: CsvDialect = 'plain'): Stringifier =>
  stringify({ ...dialectOptions(dialect), header: true, columns });

/** The download headers of a CSV file named `filename` (sanitized). */
export const csvHeaders = (reply: FastifyReply, filename: string): FastifyReply =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`);

/** Sends rows as a CSV download, written through the stream's back-pressure. */
export const sendCsv = (
  reply: FastifyReply,
  { filename, columns, rows, dialect }: { filename: string; columns: string[]; rows: Iterable<unknown[]>; dialect?: CsvDialect },
): FastifyReply => {
  const stringifier = csvStringifier(columns, dialect);
  csvHeaders(reply, filename);
  // Written asynchronously so a large file flows through the stream's back-pressure.
  setImmediate(() => {
    for (const row of rows) stringifier.write(row);
    stringifier.end();
  });
  return reply.send(stringifier);
};

/**
 * Streams CSV from chunks produced on demand: each chunk is fetched only when the client has read
 * the previous one (back-pressure through 'drain'), so a file of any size downloads in constant memory.
 */
export const streamCsv = (
  reply: FastifyReply,
  {
    filename,
    columns,
    chunks,
    dialect,
  }: { filename: string; columns: string[]; chunks: AsyncIterable<unknown[][]>; dialect?: CsvDialect },
): FastifyReply => {
  const stringifier = csvStringifier(columns, dialect);
  csvHeaders(reply, filename);
  setImmediate(async () => {
    try {
      for await (const rows of chunks) {
        for (const row of rows) {
          if (!stringifier.write(row)) await once(stringifier, 'drain');
        }
      }
      stringifier.end();
    } catch (error) {
      stringifier.destroy(error as Error);
    }
  });
  return reply.send(stringifier);
};
