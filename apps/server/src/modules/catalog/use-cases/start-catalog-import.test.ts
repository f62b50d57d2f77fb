import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { render } from '../../../i18n/messages.js';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import type { CatalogImportRepository, CatalogImportRow } from '../catalog-import.repository.js';
import { importRow } from './catalog-import-fixtures.js';
import { CATALOG_CHUNK_BYTES, startCatalogImport } from './start-catalog-import.js';

/** A fake repository recording what the upload stores; `queued` the imports whose job was queued. */
const fakeRepo = () => {
  const stored = { chunks: [] as Buffer[], removed: [] as number[], queued: [] as number[], uploaded: null as null | object };
  let created: Partial<CatalogImportRow> = {};
  const repo: Pick<CatalogImportRepository, 'create' | 'addChunk' | 'markUploaded' | 'remove' | 'get'> = {
    create: async (row) => {
      created = row;
      return 9;
    },
    addChunk: async (_id, seq, data) => {
      stored.chunks[seq] = Buffer.from(data);
    },
    markUploaded: async (_tx, _id, file) => {
      stored.uploaded = file;
    },
    remove: async (id) => {
      stored.removed.push(id);
    },
    get: async () => importRow({ id: 9, ...created }),
  };
  const deps = {
    repo,
    maxBytes: 20 * 1024 * 1024,
    queueInTransaction: async (id: number, work: (tx: DbOrTx) => Promise<void>) => {
      // The fake repository's markUploaded ignores its transaction.
      await work(undefined as unknown as DbOrTx);
      stored.queued.push(id);
    },
  };
  return { deps, stored };
};

/** The bytes of `text` arriving in reads of `size`. */
async function* arriving(text: string | Buffer, size = 7): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const upload = (text: string | Buffer, filename = 'catalog.csv', mimetype = 'text/csv') => ({
  file: { filename, mimetype, bytes: arriving(text) },
  language: 'en' as const,
});

/** The message of a refusal on `file`, in English. */
const refusal = async (work: Promise<unknown>): Promise<string> => {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const body = (error as AppError).body('en');
  expect((error as AppError).status).toBe(400);
  return (body.errors as Record<string, string[]>).file?.join(' ') ?? '';
};

describe('start catalogue import (use case, the upload)', () => {
  it('stores the file whole in chunks, counts its rows, finds its delimiter and columns, queues its job', async () => {
    const { deps, stored } = fakeRepo();
    const csv = 'EAN;Descripción;Precio;Color extra\n1;a;1;x\n2;b;2;y\n3;c;3;z';
    const answer = await startCatalogImport(deps, testUser(), upload(csv));
    expect(Buffer.concat(stored.chunks).toString()).toBe(csv);
    expect(stored.uploaded).toEqual({ bytes: Buffer.byteLength(csv), chunks: 1, totalRows: 3 });
    expect(stored.queued).toEqual([9]);
    expect(answer).toMatchObject({ id: 9, format: 'csv', ignored_columns: ['Color extra'] });
  });

  it('cuts a large file in pieces of CATALOG_CHUNK_BYTES', async () => {
    const { deps, stored } = fakeRepo();
    const line = `${'4'.repeat(13)},${'x'.repeat(86)}\n`;
    const csv = `gtin,description\n${line.repeat(Math.ceil((CATALOG_CHUNK_BYTES * 2.5) / line.length))}`;
    await startCatalogImport(deps, testUser(), { ...upload(csv), file: { ...upload(csv).file, bytes: arriving(csv, 65_536) } });
    expect(stored.chunks.map((c) => c.length)).toEqual([
      CATALOG_CHUNK_BYTES,
      CATALOG_CHUNK_BYTES,
      Buffer.byteLength(csv) - 2 * CATALOG_CHUNK_BYTES,
    ]);
    expect(Buffer.concat(stored.chunks).equals(Buffer.from(csv))).toBe(true);
  });

  it('takes JSON Lines by name or content', async () => {
    const { deps } = fakeRepo();
    const answer = await startCatalogImport(
      deps,
      testUser(),
      upload('{"gtin":"1","description":"a"}\n{"gtin":"2"}\n', 'items.txt'),
    );
    expect(answer.format).toBe('jsonl');
  });

  it('refuses, naming the problem: empty, binary, no description column, no rows, broken JSON Lines', async () => {
    const cases: [string | Buffer, string, string][] = [
      ['', 'a.csv', render('catalogue.empty', 'en')],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x01]), 'a.xlsx', render('catalogue.not_text', 'en')],
      ['gtin;precio\n1;2\n', 'a.csv', 'The header row has no column for: description.'],
      ['gtin,description\n', 'a.csv', render('catalogue.no_rows', 'en')],
      ['{"gtin": 1\n', 'a.jsonl', render('catalogue.not_json_lines', 'en')],
    ];
    for (const [content, name, message] of cases) {
      const { deps, stored } = fakeRepo();
      expect(await refusal(startCatalogImport(deps, testUser(), upload(content, name))), name).toContain(message);
      expect(stored.queued, name).toEqual([]);
    }
  });

  it('refuses a file over the limit and drops what it had stored', async () => {
    const { deps, stored } = fakeRepo();
    const csv = `gtin,description\n${'1,a\n'.repeat(200)}`;
    const message = await refusal(startCatalogImport({ ...deps, maxBytes: 100 }, testUser(), upload(csv)));
    expect(message).toContain('too large');
    expect(stored.removed).toEqual([9]);
    expect(stored.queued).toEqual([]);
  });
});
