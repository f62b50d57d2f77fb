import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client.js';
import { codeMigrations, migrationName, standingOf, tagOf } from './migrations.js';

const journal = [
  { tag: '0000_first', when: 1_000 },
  { tag: '0001_second', when: 2_000 },
  { tag: '0002_third', when: 3_000 },
];

describe('the code’s migrations', () => {
  it('are the journal’s, oldest first, one a SQL file of the folder', () => {
    const files = readdirSync(migrationsFolder)
      .filter((name) => name.endsWith('.sql'))
      .sort()
      .map((name) => path.basename(name, '.sql'));
    const migrations = codeMigrations();
    expect(migrations.map((m) => m.tag)).toEqual(files);
    expect(migrations.map((m) => m.when)).toEqual([...migrations.map((m) => m.when)].sort((a, b) => a - b));
  });

  it('name a recorded migration by its time, or none when the code does not know it', () => {
    expect(tagOf(2_000, journal)).toBe('0001_second');
    expect(tagOf(2_500, journal)).toBeNull();
    expect(migrationName({ tag: '0001_second', createdAt: 2_000 })).toBe('0001_second');
    expect(migrationName({ tag: null, createdAt: Date.UTC(2026, 10, 28) })).toBe(
      'an unknown migration of 2026-11-28T00:00:00.000Z',
    );
  });

  it('tell a backup at the last migration, an older one (with what the next start applies) and a newer one', () => {
    expect(standingOf({ createdAt: 3_000 }, journal)).toEqual({ kind: 'current' });
    expect(standingOf({ createdAt: 1_000 }, journal)).toEqual({ kind: 'older', pending: ['0001_second', '0002_third'] });
    expect(standingOf({ createdAt: 3_001 }, journal)).toEqual({ kind: 'newer', codeLast: '0002_third' });
    expect(standingOf({ createdAt: 1 }, [])).toEqual({ kind: 'newer', codeLast: null });
  });
});
