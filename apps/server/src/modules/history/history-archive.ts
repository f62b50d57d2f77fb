import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { parse } from 'csv-parse';

/**
 * A month's archive (docs/history-at-scale.md): `<dir>/<table>-<YYYY-MM>.csv.gz`, CSV with a header line in the form
 * PostgreSQL's `COPY … FROM … (FORMAT csv, HEADER)` reads back (every text quoted, NULL an empty unquoted field), and
 * beside it `<table>-<YYYY-MM>.manifest.json` with the row count and the SHA-256 of the .gz file.
 */
export type ArchiveManifest = { table: string; month: string; columns: string[]; rows: number; sha256: string };

export type HistoryArchive = {
  /** Writes the archive (a .part file renamed once complete) and its manifest; answers the manifest. */
  write(
    entry: { table: string; month: string; columns: string[] },
    pages: AsyncIterable<(string | null)[][]>,
  ): Promise<ArchiveManifest>;
  /** Reads the archive back: its rows (header left out) and the SHA-256 of the file. */
  read(entry: { table: string; month: string }): Promise<{ rows: number; sha256: string }>;
};

const sha256Of = async (file: string): Promise<string> => {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
};

/**
 * One CSV field as COPY's CSV format reads it: a NULL is an empty unquoted field, every text (the empty one too) is
 * quoted. Written here because csv-stringify cannot tell the two apart (its quoted_empty quotes a null as well).
 */
const csvField = (value: string | null): string => (value === null ? '' : `"${value.replaceAll('"', '""')}"`);

export const archiveFileName = (table: string, month: string): string => `${table}-${month}.csv.gz`;

export const createHistoryArchive = (dir: string): HistoryArchive => ({
  async write({ table, month, columns }, pages) {
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, archiveFileName(table, month));
    const part = `${file}.part`;
    let rows = 0;
    async function* lines() {
      yield `${columns.map(csvField).join(',')}\n`;
      for await (const page of pages) {
        rows += page.length;
        yield page.map((row) => `${row.map(csvField).join(',')}\n`).join('');
      }
    }
    await pipeline(Readable.from(lines()), createGzip(), createWriteStream(part));
    await rename(part, file);
    const manifest: ArchiveManifest = { table, month, columns, rows, sha256: await sha256Of(file) };
    await writeFile(path.join(dir, `${table}-${month}.manifest.json`), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  },

  async read({ table, month }) {
    const file = path.join(dir, archiveFileName(table, month));
    await readFile(path.join(dir, `${table}-${month}.manifest.json`)); // the manifest must be there too
    let rows = -1; // the header
    const parser = parse({ relax_column_count: false });
    const counting = pipeline(createReadStream(file), createGunzip(), parser);
    for await (const _record of parser) rows += 1;
    await counting;
    return { rows: Math.max(rows, 0), sha256: await sha256Of(file) };
  },
});
