import { integer, type ReferenceConfig } from 'drizzle-orm/pg-core';

/** A required integer foreign key: column `name` references `target` (with its actions, e.g. onDelete, when given). */
export const requiredRef = <N extends string>(name: N, target: ReferenceConfig['ref'], actions?: ReferenceConfig['actions']) =>
  integer(name).notNull().references(target, actions);
