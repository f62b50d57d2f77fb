import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { Readable, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import * as tar from 'tar-stream';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  backupManifestSchema,
  MANIFEST_NAME,
} from './backup-manifest.js';
import { BackupError, ExitCode } from './errors.js';

/**
 * A backup file is a plain tar archive (tar-stream) of two entries: `manifest.json` (backup-manifest.ts), then the
 * payload it names, whose size and SHA-256 it gives. `tar xf` opens it: the payload is PGlite's gzipped data folder or
 * pg_dump's custom-format archive, usable by hand with PGlite or pg_restore.
 */

/** The SHA-256 (hex) and size of bytes, or of a file read once. */
export const digestOf = async (payload: Uint8Array | string): Promise<{ sha256: string; bytes: number }> => {
  const hash = createHash('sha256');
  let bytes = 0;
  const chunks = typeof payload === 'string' ? createReadStream(payload) : [payload];
  for await (const chunk of chunks) {
    const data = chunk as Uint8Array;
    hash.update(data);
    bytes += data.length;
  }
  return { sha256: hash.digest('hex'), bytes };
};

/** Writes one entry of `size` bytes from `source` (a file's chunks), waiting for the archive to take each. */
const writeEntry = async (sink: Writable, source: AsyncIterable<Uint8Array>) => {
  for await (const chunk of source) {
    if (!sink.write(chunk)) await once(sink, 'drain');
  }
  sink.end();
  await finished(sink);
};

/**
 * The backup archive as a stream: the manifest, then the payload (bytes, or the file at that path, whose size and
 * digest the manifest already gives).
 */
export const packBackup = (manifest: BackupManifest, payload: Uint8Array | string): Readable => {
  const pack = tar.pack();
  const mtime = new Date(manifest.takenAt);
  pack.entry({ name: MANIFEST_NAME, mtime, mode: 0o600 }, `${JSON.stringify(manifest, null, 2)}\n`);
  const header = { name: manifest.payload.name, size: manifest.payload.bytes, mtime, mode: 0o600 };
  if (typeof payload === 'string') {
    // The pack's sink is a streamx Writable, which behaves as Node's for write/drain/end.
    const sink = pack.entry(header) as unknown as Writable;
    writeEntry(sink, createReadStream(payload)).then(
      () => pack.finalize(),
      (error: unknown) => pack.destroy(error instanceof Error ? error : new Error(String(error))),
    );
  } else {
    pack.entry(header, payload);
    pack.finalize();
  }
  return Readable.from(pack);
};

/** Writes the backup archive to `file`. */
export const writeBackupFile = async (file: string, manifest: BackupManifest, payload: Uint8Array | string): Promise<void> => {
  await pipeline(packBackup(manifest, payload), createWriteStream(file, { mode: 0o600 }));
};

const damaged = (file: string, why: string) =>
  new BackupError(ExitCode.Damaged, `${file} is not a usable backup of this application: ${why}.`);

/** The manifest's JSON, checked: a newer format is named as such, anything else as damaged. */
const parseManifest = (file: string, text: string): BackupManifest => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw damaged(file, `its ${MANIFEST_NAME} is not JSON`);
  }
  const head = json as { format?: unknown; formatVersion?: unknown } | null;
  if (head?.format !== BACKUP_FORMAT) throw damaged(file, `its ${MANIFEST_NAME} is not a ${BACKUP_FORMAT} manifest`);
  if (typeof head.formatVersion === 'number' && head.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      ExitCode.Refused,
      `${file} was written in backup format ${head.formatVersion}, newer than this code's (${BACKUP_FORMAT_VERSION}): restore it with the version of the application that wrote it, or a newer one.`,
    );
  }
  const parsed = backupManifestSchema.safeParse(json);
  if (!parsed.success) {
    const problem = parsed.error.issues[0];
    throw damaged(file, `its ${MANIFEST_NAME} is incomplete (${problem?.path.join('.') || 'manifest'}: ${problem?.message})`);
  }
  return parsed.data;
};

/**
 * Reads a backup file: its manifest, and its payload written to `payloadTo` (or only checked when left out). The
 * payload's size and SHA-256 must be the manifest's: a file cut short or changed is refused as damaged.
 */
export const readBackupFile = async (file: string, payloadTo?: string): Promise<BackupManifest> => {
  const extract = tar.extract();
  const source = createReadStream(file);
  source.on('error', (error) => extract.destroy(error));
  source.pipe(extract as unknown as Writable);
  let manifest: BackupManifest | undefined;
  let payloadSeen = false;
  try {
    for await (const entry of extract) {
      if (!manifest) {
        if (entry.header.name !== MANIFEST_NAME)
          throw damaged(file, `its first entry is ${entry.header.name}, not ${MANIFEST_NAME}`);
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        manifest = parseManifest(file, Buffer.concat(chunks).toString('utf8'));
        continue;
      }
      if (entry.header.name !== manifest.payload.name || payloadSeen) {
        entry.resume();
        continue;
      }
      payloadSeen = true;
      const hash = createHash('sha256');
      let bytes = 0;
      const out = payloadTo ? createWriteStream(payloadTo, { mode: 0o600 }) : undefined;
      for await (const chunk of entry) {
        const data = chunk as Buffer;
        hash.update(data);
        bytes += data.length;
        if (out && !out.write(data)) await once(out, 'drain');
      }
      if (out) {
        out.end();
        await finished(out);
      }
      if (bytes !== manifest.payload.bytes || hash.digest('hex') !== manifest.payload.sha256) {
        throw damaged(file, `its ${manifest.payload.name} is not the one the manifest describes (cut short or changed)`);
      }
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(ExitCode.Usage, `There is no file ${file}.`);
    if (code === 'EACCES') throw new BackupError(ExitCode.Unavailable, `${file} cannot be read (permission denied).`);
    throw damaged(file, `it is not a tar archive or is cut short (${error instanceof Error ? error.message : String(error)})`);
  } finally {
    source.destroy();
  }
  if (!manifest) throw damaged(file, `it holds no ${MANIFEST_NAME}`);
  if (!payloadSeen) throw damaged(file, `it holds no ${manifest.payload.name}`);
  return manifest;
};
