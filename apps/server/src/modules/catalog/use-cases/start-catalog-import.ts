import { type CatalogImport, CatalogImportFormat } from '@rfid/contract';
import type { DbOrTx } from '../../../db/client.js';
import { fieldError } from '../../../http/errors.js';
import { type Language, msg } from '../../../i18n/messages.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { toCatalogImportDto } from '../catalog-import.dto.js';
import { countLines, isFileProblem, readFileHead } from '../catalog-import.file.js';
import type { CatalogImportRepository } from '../catalog-import.repository.js';

/** The pieces the file is stored in (catalog_import_chunks): what a process holds of it at once. */
export const CATALOG_CHUNK_BYTES = 1024 * 1024;

/** The upload's file as the route reads it: its name, type and bytes, streamed. */
export type UploadStream = { filename: string; mimetype: string; bytes: AsyncIterable<Buffer> };

/** The upload ended because the file passed the size limit (the route's reader says so by throwing it). */
export class FileTooLargeError extends Error {}

export type StartCatalogImportDeps = {
  repo: Pick<CatalogImportRepository, 'create' | 'addChunk' | 'markUploaded' | 'remove' | 'get'>;
  /** Runs `work` in a transaction and queues the import's job in it. */
  queueInTransaction: (importId: number, work: (tx: DbOrTx) => Promise<void>) => Promise<void>;
  maxBytes: number;
};

/** Bytes of `source` in pieces of exactly `size` (the last one shorter), holding at most one piece and one read. */
async function* pieces(source: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  let parts: Buffer[] = [];
  let held = 0;
  for await (const part of source) {
    let rest = part;
    while (held + rest.length >= size) {
      const take = size - held;
      parts.push(rest.subarray(0, take));
      yield Buffer.concat(parts);
      parts = [];
      held = 0;
      rest = rest.subarray(take);
    }
    if (rest.length > 0) {
      parts.push(rest);
      held += rest.length;
    }
  }
  if (held > 0) yield Buffer.concat(parts);
}

/**
 * POST /api/types/import/ (roles 1–2): the file is stored in the database in pieces as it arrives (any process, after
 * any restart, reads it) and its job queued; answers the import at once (queued). Refused with a 400 on `file`: empty,
 * not text, a CSV header without gtin or description, JSON Lines whose first line is no object, no rows, too large.
 */
export const startCatalogImport = async (
  deps: StartCatalogImportDeps,
  user: AuthUser,
  { file, language }: { file: UploadStream; language: Language },
): Promise<CatalogImport> => {
  const { repo } = deps;
  const tooLarge = () => fieldError('file', msg('upload.too_large', { mb: Math.round(deps.maxBytes / 1024 / 1024) }));
  const stream = pieces(file.bytes, CATALOG_CHUNK_BYTES);
  let importId: number | undefined;
  try {
    const first = await stream.next();
    const firstBytes = first.done ? Buffer.alloc(0) : first.value;
    const head = readFileHead(firstBytes, file.filename, file.mimetype);
    if (isFileProblem(head)) throw fieldError('file', head.problem);
    importId = await repo.create({
      companyId: user.companyId,
      createdBy: user.id,
      fileName: file.filename.slice(0, 255) || 'catalog',
      format: head.format,
      delimiter: head.delimiter,
      ignoredColumns: head.ignoredColumns,
    });
    let bytes = 0;
    let lines = 0;
    let seq = 0;
    let last = 10;
    for (let piece: Buffer | undefined = firstBytes; piece !== undefined; ) {
      bytes += piece.length;
      if (bytes > deps.maxBytes) throw new FileTooLargeError();
      lines += countLines(piece);
      last = piece[piece.length - 1] ?? last;
      await repo.addChunk(importId, seq, piece);
      seq += 1;
      const next = await stream.next();
      piece = next.done ? undefined : next.value;
    }
    // A last line without its line break is a line too; a CSV's header is no row.
    const totalRows = lines + (last === 10 ? 0 : 1) - (head.format === CatalogImportFormat.Csv ? 1 : 0);
    if (totalRows <= 0) throw fieldError('file', 'catalogue.no_rows');
    const id = importId;
    await deps.queueInTransaction(id, (tx) => repo.markUploaded(tx, id, { bytes, chunks: seq, totalRows }));
    const row = await repo.get(user.companyId, id);
    if (!row) throw new Error(`catalog import ${id} vanished`);
    return toCatalogImportDto(row, language);
  } catch (error) {
    if (importId !== undefined) await repo.remove(importId);
    if (error instanceof FileTooLargeError) throw tooLarge();
    throw error;
  }
};
