import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { requiredRef } from './columns.js';

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** The IANA zone new locations take (issue 14). */
  timeZone: text('time_zone').notNull().default('Europe/Madrid'),
});

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    companyId: requiredRef('company_id', () => companies.id),
    description: text('description').notNull(),
  },
  (t) => [index('brands_company_idx').on(t.companyId, t.description)],
);

/** Distribution centers and stores: both are locations, told apart by kind. */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    companyId: requiredRef('company_id', () => companies.id),
    brandId: integer('brand_id').references(() => brands.id),
    kind: text('kind', { enum: ['center', 'store'] }).notNull(),
    description: text('description').notNull(),
    code: text('code').notNull(),
    active: boolean('active').notNull().default(true),
    streetName: text('street_name').notNull().default(''),
    streetNum: integer('street_num'),
    city: text('city').notNull().default(''),
    postalCode: integer('postal_code'),
    country: text('country').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    observations: text('observations').notNull().default(''),
    floor: text('floor').notNull().default('1'),
    /** Set when a logo is stored in location_logos. */
    logoMime: text('logo_mime'),
    /** The IANA zone of its days: "today", day buckets, date-only filters, stock snapshots (issue 14). */
    timeZone: text('time_zone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('locations_company_code_uq').on(t.companyId, t.code),
    index('locations_company_kind_idx').on(t.companyId, t.kind, t.description),
  ],
);

export const areas = pgTable(
  'areas',
  {
    id: serial('id').primaryKey(),
    locationId: requiredRef('location_id', () => locations.id),
    description: text('description').notNull(),
    stock: integer('stock').notNull().default(0),
  },
  (t) => [index('areas_location_idx').on(t.locationId)],
);

export const providers = pgTable(
  'providers',
  {
    id: serial('id').primaryKey(),
    companyId: requiredRef('company_id', () => companies.id),
    name: text('name').notNull(),
  },
  (t) => [index('providers_company_idx').on(t.companyId, t.name)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: requiredRef('company_id', () => companies.id),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    role: smallint('role').notNull(),
    editor: boolean('editor').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email), index('users_company_idx').on(t.companyId)],
);

export const userLocations = pgTable(
  'user_locations',
  {
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    locationId: requiredRef('location_id', () => locations.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('user_locations_pk').on(t.userId, t.locationId), index('user_locations_location_idx').on(t.locationId)],
);

/** API tokens are stored as SHA-256 hashes; the plain key is shown once at login. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('api_tokens_hash_uq').on(t.tokenHash)],
);

/**
 * Failed sign-ins per key ('ip:<address>' or 'user:<email>') in the current window, shared by every server process
 * (modules/auth/login-throttle.ts): `failures` since `since`; a row older than the window counts as none and is deleted.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_failures_since_idx').on(t.since)],
);
