import { describe, expect, it } from 'vitest';
import { BackupError, ExitCode } from './errors.js';
import { connectionOf, dumpVersionNote, majorOf, shownUrl } from './pg-tools.js';

describe('PostgreSQL client programs', () => {
  it('read the major version of a --version line', () => {
    expect(majorOf('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)')).toBe(15);
    expect(majorOf('pg_restore (PostgreSQL) 17.2')).toBe(17);
    expect(majorOf('psql (PostgreSQL) 16beta1')).toBe(16);
    expect(majorOf('something else 15.1')).toBeUndefined();
  });

  it('back up with the server’s major; refuse an older pg_dump; note what a newer one means for the restore', () => {
    expect(dumpVersionNote(15, 15)).toBeUndefined();
    let refused: unknown;
    try {
      dumpVersionNote(15, 16);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(BackupError);
    expect((refused as BackupError).exitCode).toBe(ExitCode.Unavailable);
    expect((refused as BackupError).message).toContain('pg_dump 15 cannot back up this PostgreSQL 16 server');
    expect((refused as BackupError).message).toContain('--pg-bin /usr/lib/postgresql/16/bin');
    expect(dumpVersionNote(17, 15)).toContain('restoring this file needs pg_restore 17 or newer');
  });

  it('keep the password off the command line and out of messages', () => {
    expect(connectionOf('postgres://rfid:s%40cret@db.example:5433/rfid?sslmode=require')).toEqual({
      url: 'postgres://rfid@db.example:5433/rfid?sslmode=require',
      env: { PGPASSWORD: 's@cret' },
    });
    expect(connectionOf('postgres://postgres@127.0.0.1:5432/postgres')).toEqual({
      url: 'postgres://postgres@127.0.0.1:5432/postgres',
      env: {},
    });
    expect(shownUrl('postgres://rfid:secret@db/rfid')).toBe('postgres://rfid@db/rfid');
    expect(shownUrl('not a url')).toBe('DATABASE_URL');
  });
});
