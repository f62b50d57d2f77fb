import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { migrationsFolder } from '../../db/client.js';
import type { AppliedMigration } from './backup-manifest.js';

/** One migration of the code: drizzle-kit's journal entry (`when` is what the database records as `created_at`). */
export type JournalEntry = { tag: string; when: number };

const journalSchema = z.object({ entries: z.array(z.object({ tag: z.string(), when: z.number().int() })) });

/** The code's migrations, oldest first (apps/server/drizzle/meta/_journal.json). */
export const codeMigrations = (folder = migrationsFolder): JournalEntry[] =>
  journalSchema
    .parse(JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')))
    .entries.map(({ tag, when }) => ({ tag, when }))
    .sort((a, b) => a.when - b.when);

/** The journal's tag of a migration the database recorded (by its `created_at`), or null when the code has none. */
export const tagOf = (createdAt: number, journal: readonly JournalEntry[]): string | null =>
  journal.find((entry) => entry.when === createdAt)?.tag ?? null;

/** Where a backup's database stands against the code's migrations. */
export type MigrationStanding =
  | { kind: 'current' }
  /** Older: the next server start applies `pending` (drizzle applies every migration made after the last applied). */
  | { kind: 'older'; pending: string[] }
  /** Newer: the database had a migration made after the code's last one; this code cannot run it. */
  | { kind: 'newer'; codeLast: string | null };

export const standingOf = (
  migration: Pick<AppliedMigration, 'createdAt'>,
  journal: readonly JournalEntry[],
): MigrationStanding => {
  const last = journal[journal.length - 1];
  if (!last || migration.createdAt > last.when) return { kind: 'newer', codeLast: last?.tag ?? null };
  const pending = journal.filter((entry) => entry.when > migration.createdAt).map((entry) => entry.tag);
  return pending.length === 0 ? { kind: 'current' } : { kind: 'older', pending };
};

/** How a migration is named in messages: its tag, or its time when this code does not know it. */
export const migrationName = (migration: Pick<AppliedMigration, 'tag' | 'createdAt'>): string =>
  migration.tag ?? `an unknown migration of ${new Date(migration.createdAt).toISOString()}`;
