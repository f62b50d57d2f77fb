import { integer, type ReferenceConfig, serial, timestamp } from 'drizzle-orm/pg-core';

/** Column builders the tables share (each call a new column). */

/** A required integer foreign key: column `name` references `target` (with its actions, e.g. onDelete, when given). */
export const requiredRef = <N extends string>(name: N, target: ReferenceConfig['ref'], actions?: ReferenceConfig['actions']) =>
  integer(name).notNull().references(target, actions);

/** The table's serial primary key `id`. */
export const serialId = () => serial('id').primaryKey();

/** A point in time: `timestamp with time zone`. */
export const instant = <N extends string>(name: N) => timestamp(name, { withTimezone: true });

/** When the row was created (now by default). */
export const createdAt = () => instant('created_at').notNull().defaultNow();

/** When the row was last changed (now by default; the writer sets it). */
export const updatedAt = () => instant('updated_at').notNull().defaultNow();

/**
 * The row's version for optimistic concurrency (docs/concurrency.md): 1 when added, one more on every edit through the
 * API (the writer bumps it in the same statement); an edit that names an older version changes nothing (409).
 */
export const rowVersion = () => integer('version').notNull().default(1);
