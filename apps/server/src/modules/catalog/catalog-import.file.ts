import { StringDecoder } from 'node:string_decoder';
import { type CatalogImportField, CatalogImportFormat, importFieldOf } from '@rfid/contract';
import { parse } from 'csv-parse';
import { type Message, type MessageKey, msg } from '../../i18n/messages.js';

/**
 * Reading a catalogue file (docs/catalog-import.md): its format and header from its first bytes (at upload, so that a
 * file the job could not read is refused at once), then its records one at a time from its chunks, streamed (csv-parse
 * for CSV, a line splitter for JSON Lines): memory holds one chunk and one batch, whatever the file's size.
 */

/** A reason a record is rejected: a message key of i18n/messages.ts and its parameters. */
export type Rejection = { reason: MessageKey; params?: Record<string, string | number> };

/** One record of the file: its line (1 = the file's first line) and its attributes, or why it could not be read. */
export type FileRecord =
  | { line: number; fields: Partial<Record<CatalogImportField, unknown>> }
  | { line: number; gtin: string; rejection: Rejection };

/** What the upload learns from the file's first bytes. */
export type FileHead = {
  format: CatalogImportFormat;
  /** CSV: `,` or `;`. */
  delimiter: ',' | ';';
  /** The columns that name no GTIN attribute (CSV header; for JSON Lines, the first line's keys). */
  ignoredColumns: string[];
};

/** Why a file is refused at upload (a message). */
export type FileProblem = { problem: Message };

const REQUIRED_COLUMNS: CatalogImportField[] = ['gtin', 'description'];

/** The first line of `text` (without its line break), or the whole text. */
const firstLine = (text: string): string => {
  const end = text.search(/\r?\n/);
  return end < 0 ? text : text.slice(0, end);
};

/** The delimiter of a CSV header: the one of `,` and `;` found more often outside quotes. */
const delimiterOf = (header: string): ',' | ';' => {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of header) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
};

/** Splits a CSV header line (quotes honoured). */
const headerCells = (header: string, delimiter: string): string[] => {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < header.length; i += 1) {
    const char = header[i];
    if (char === '"') {
      if (quoted && header[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = !quoted;
    } else if (char === delimiter && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells.map((c) => c.trim());
};

const looksBinary = (bytes: Buffer): boolean => bytes.subarray(0, 64 * 1024).includes(0);

/**
 * The format, delimiter and columns of a file from its first bytes (`name` and `mimetype` help tell JSON Lines), or the
 * problem that refuses it: empty, not text, a CSV header without the gtin or description column, a first line of JSON
 * Lines that is no JSON object.
 */
export const readFileHead = (first: Buffer, name: string, mimetype: string): FileHead | FileProblem => {
  if (first.length === 0) return { problem: { key: 'catalogue.empty' } };
  if (looksBinary(first)) return { problem: { key: 'catalogue.not_text' } };
  const text = first.toString('utf8').replace(/^\uFEFF/, '');
  if (text.trim() === '') return { problem: { key: 'catalogue.empty' } };
  const head = firstLine(text.trimStart());
  const isJsonLines =
    /\.(jsonl|ndjson)$/i.test(name) || /ndjson|jsonl|json-seq|x-json-stream/i.test(mimetype) || head.startsWith('{');
  if (isJsonLines) {
    let object: unknown;
    try {
      object = JSON.parse(head);
    } catch {
      return { problem: { key: 'catalogue.not_json_lines' } };
    }
    if (typeof object !== 'object' || object === null || Array.isArray(object))
      return { problem: { key: 'catalogue.not_json_lines' } };
    const keys = Object.keys(object);
    return {
      format: CatalogImportFormat.JsonLines,
      delimiter: ',',
      ignoredColumns: keys.filter((k) => importFieldOf(k) === undefined),
    };
  }
  const delimiter = delimiterOf(head);
  const cells = headerCells(head, delimiter);
  const fields = new Set(cells.map(importFieldOf));
  const missing = REQUIRED_COLUMNS.filter((f) => !fields.has(f));
  if (missing.length > 0) return { problem: msg('catalogue.missing_columns', { columns: missing.join(', ') }) };
  return {
    format: CatalogImportFormat.Csv,
    delimiter,
    ignoredColumns: cells.filter((c) => c !== '' && importFieldOf(c) === undefined),
  };
};

export const isFileProblem = (head: FileHead | FileProblem): head is FileProblem => 'problem' in head;

/** Line breaks in a piece of the file (the upload's estimate of its rows). */
export const countLines = (bytes: Buffer): number => {
  let n = 0;
  let at = bytes.indexOf(10);
  while (at >= 0) {
    n += 1;
    at = bytes.indexOf(10, at + 1);
  }
  return n;
};

const gtinOf = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim().slice(0, 40) : '';

/**
 * The records of a CSV file, streamed: csv-parse's parser is written one chunk at a time and hands each record to
 * `on_record` at once, so each chunk yields its records as one array (no stream hop per record).
 */
async function* csvRecords(chunks: AsyncIterable<Buffer>, delimiter: string): AsyncGenerator<FileRecord[]> {
  let out: FileRecord[] = [];
  let header: (CatalogImportField | undefined)[] | null = null;
  let gtinAt = -1;
  const onRecord = (record: string[], lines: number) => {
    if (header === null) {
      header = record.map(importFieldOf);
      gtinAt = header.indexOf('gtin');
      return;
    }
    if (record.length !== header.length) {
      out.push({
        line: lines,
        gtin: gtinOf(record[gtinAt]),
        rejection: { reason: 'catalogue.field_count', params: { expected: header.length, found: record.length } },
      });
      return;
    }
    const fields: Partial<Record<CatalogImportField, unknown>> = {};
    for (let i = 0; i < header.length; i += 1) {
      const field = header[i];
      if (field !== undefined && fields[field] === undefined) fields[field] = record[i];
    }
    out.push({ line: lines, fields });
  };
  const parser = parse({
    delimiter,
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_record: (record: string[], context) => {
      onRecord(record, context.lines);
      return null;
    },
    on_skip: (error) => {
      const line = error && 'lines' in error && typeof error.lines === 'number' ? error.lines : 0;
      out.push({
        line,
        gtin: '',
        rejection: { reason: 'catalogue.bad_csv_record', params: { detail: error?.message ?? '' } },
      });
      return undefined;
    },
  });
  let failure: unknown = null;
  parser.on('error', (error) => {
    failure = error;
  });
  // Every record is taken by on_record: the readable side carries nothing, but must flow for the parser to end.
  parser.resume();
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) => parser.write(chunk, (error) => (error ? reject(error) : resolve())));
  for await (const chunk of chunks) {
    await write(chunk);
    if (failure !== null) throw failure;
    if (out.length > 0) {
      yield out;
      out = [];
    }
  }
  const ended = new Promise<void>((resolve, reject) => {
    parser.once('end', resolve);
    parser.once('error', reject);
  });
  parser.end();
  await ended;
  if (out.length > 0) yield out;
}

/** The records of a JSON Lines file, streamed, one array per chunk (a blank line is skipped, its number counted). */
async function* jsonLinesRecords(chunks: AsyncIterable<Buffer>): AsyncGenerator<FileRecord[]> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let line = 0;
  const recordOf = (text: string): FileRecord | null => {
    line += 1;
    const trimmed = (line === 1 ? text.replace(/^\uFEFF/, '') : text).trim();
    if (trimmed === '') return null;
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      return { line, gtin: '', rejection: { reason: 'catalogue.bad_json' } };
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return { line, gtin: '', rejection: { reason: 'catalogue.bad_json' } };
    }
    const fields: Partial<Record<CatalogImportField, unknown>> = {};
    for (const [key, v] of Object.entries(value)) {
      const field = importFieldOf(key);
      if (field !== undefined && fields[field] === undefined) fields[field] = v;
    }
    return { line, fields };
  };
  for await (const chunk of chunks) {
    pending += decoder.write(chunk);
    const out: FileRecord[] = [];
    let at = pending.indexOf('\n');
    let from = 0;
    while (at >= 0) {
      const record = recordOf(pending.slice(from, at));
      if (record) out.push(record);
      from = at + 1;
      at = pending.indexOf('\n', from);
    }
    pending = pending.slice(from);
    if (out.length > 0) yield out;
  }
  pending += decoder.end();
  if (pending !== '') {
    const record = recordOf(pending);
    if (record) yield [record];
  }
}

/** The file's records in order, from its chunks: one array per chunk read. */
export const fileRecords = (
  chunks: AsyncIterable<Buffer>,
  head: Pick<FileHead, 'format' | 'delimiter'>,
): AsyncGenerator<FileRecord[]> =>
  head.format === CatalogImportFormat.JsonLines ? jsonLinesRecords(chunks) : csvRecords(chunks, head.delimiter);
