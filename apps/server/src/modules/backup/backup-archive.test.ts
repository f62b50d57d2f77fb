import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as tar from 'tar-stream';
import { afterAll, describe, expect, it } from 'vitest';
import { readBackupFile, writeBackupFile } from './backup-archive.js';
import type { BackupManifest } from './backup-manifest.js';
import { BackupError, ExitCode } from './errors.js';

const work = mkdtempSync(path.join(tmpdir(), 'rfid-archive-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const payload = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7) % 251));
const manifestOf = (bytes: Buffer): BackupManifest => ({
  format: 'rfid-stock-backup',
  formatVersion: 1,
  kind: 'postgres',
  method: 'pg_dump',
  takenAt: '2026-11-28T21:30:05.000Z',
  migration: { tag: '0021_location_changes', createdAt: 1_795_627_935_533, hash: 'h', applied: 22 },
  database: 'PostgreSQL 15.20',
  tool: 'pg_dump (PostgreSQL) 15.20',
  tables: { 'public.items': 3, 'drizzle.__drizzle_migrations': 22 },
  payload: { name: 'database.pgdump', bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') },
});

/** A tar of the given entries, written with tar-stream directly (not the code under test). */
const rawTar = async (file: string, entries: { name: string; body: Buffer | string }[]) => {
  const pack = tar.pack();
  for (const entry of entries) pack.entry({ name: entry.name }, entry.body);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(Buffer.from(chunk as Uint8Array));
  writeFileSync(file, Buffer.concat(chunks));
};

const failure = async (work: Promise<unknown>): Promise<BackupError> => {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof BackupError)) throw new Error(`expected a BackupError, got ${String(error)}`);
  return error;
};

describe('backup files', () => {
  it('hold the manifest then the payload, from bytes or from a file; read back whole', async () => {
    const fromBytes = path.join(work, 'bytes.tar');
    await writeBackupFile(fromBytes, manifestOf(payload), payload);
    const source = path.join(work, 'payload.bin');
    writeFileSync(source, payload);
    const fromFile = path.join(work, 'file.tar');
    await writeBackupFile(fromFile, manifestOf(payload), source);
    for (const file of [fromBytes, fromFile]) {
      const out = path.join(work, `${path.basename(file)}.out`);
      expect(await readBackupFile(file, out)).toEqual(manifestOf(payload));
      expect(readFileSync(out).equals(payload)).toBe(true);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    }
    // `tar` reads them: the manifest first.
    const names: string[] = [];
    const extract = tar.extract();
    const reading = (async () => {
      for await (const entry of extract) {
        names.push(entry.header.name);
        entry.resume();
      }
    })();
    extract.end(readFileSync(fromFile));
    await reading;
    expect(names).toEqual(['manifest.json', 'database.pgdump']);
  });

  it('refuse a payload changed or cut short, as damaged', async () => {
    const changed = Buffer.from(payload);
    changed[100] = (changed[100] ?? 0) ^ 1;
    const file = path.join(work, 'changed.tar');
    await rawTar(file, [
      { name: 'manifest.json', body: JSON.stringify(manifestOf(payload)) },
      { name: 'database.pgdump', body: changed },
    ]);
    const refused = await failure(readBackupFile(file));
    expect(refused.exitCode).toBe(ExitCode.Damaged);
    expect(refused.message).toContain('is not the one the manifest describes');

    const whole = path.join(work, 'whole.tar');
    await writeBackupFile(whole, manifestOf(payload), payload);
    const cut = path.join(work, 'cut.tar');
    writeFileSync(cut, readFileSync(whole).subarray(0, 40_000));
    expect((await failure(readBackupFile(cut))).exitCode).toBe(ExitCode.Damaged);
  });

  it('refuse what is not a backup, one without its payload, and a newer format', async () => {
    const text = path.join(work, 'text.tar');
    writeFileSync(text, 'hello\n'.repeat(200));
    expect((await failure(readBackupFile(text))).exitCode).toBe(ExitCode.Damaged);

    const noPayload = path.join(work, 'no-payload.tar');
    await rawTar(noPayload, [{ name: 'manifest.json', body: JSON.stringify(manifestOf(payload)) }]);
    expect((await failure(readBackupFile(noPayload))).message).toContain('it holds no database.pgdump');

    const other = path.join(work, 'other.tar');
    await rawTar(other, [{ name: 'notes.txt', body: 'x' }]);
    expect((await failure(readBackupFile(other))).message).toContain('its first entry is notes.txt');

    const newer = path.join(work, 'newer.tar');
    await rawTar(newer, [{ name: 'manifest.json', body: JSON.stringify({ ...manifestOf(payload), formatVersion: 2 }) }]);
    const refused = await failure(readBackupFile(newer));
    expect(refused.exitCode).toBe(ExitCode.Refused);
    expect(refused.message).toContain('backup format 2, newer than');

    const missing = await failure(readBackupFile(path.join(work, 'none.tar')));
    expect(missing.exitCode).toBe(ExitCode.Usage);
  });
});
