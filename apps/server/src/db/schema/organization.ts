import { boolean, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, requiredRef, rowVersion, serialId } from './columns.js';

export const companies = pgTable('companies', {
  id: serialId(),
  name: text('name').notNull(),
  /** The IANA zone new locations take (issue 14). */
  timeZone: text('time_zone').notNull().default('Europe/Madrid'),
  /** Issue 29: users of role 1 (company admins) with a local password must enrol a TOTP second factor. */
  mfaRequiredAdmins: boolean('mfa_required_admins').notNull().default(false),
});

/** The row's company: `company_id`, required. */
export const companyRef = () => requiredRef('company_id', () => companies.id);

export const brands = pgTable(
  'brands',
  {
    id: serialId(),
    companyId: companyRef(),
    description: text('description').notNull(),
  },
  (t) => [index('brands_company_idx').on(t.companyId, t.description)],
);

/** Distribution centers and stores: both are locations, told apart by kind. */
export const locations = pgTable(
  'locations',
  {
    id: serialId(),
    companyId: companyRef(),
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
    /** Its GS1 Global Location Number (13 digits, check digit verified), the EPCIS bizLocation (issue 17). */
    gln: text('gln'),
    /** Replenishment (issue 26): the units of each GTIN the sales floor should show, unless floor_targets says otherwise. */
    floorTargetDefault: integer('floor_target_default').notNull().default(1),
    version: rowVersion(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('locations_company_code_uq').on(t.companyId, t.code),
    index('locations_company_kind_idx').on(t.companyId, t.kind, t.description),
  ],
);

/** The row's location: `location_id`, required. */
export const locationRef = () => requiredRef('location_id', () => locations.id);

export const areas = pgTable(
  'areas',
  {
    id: serialId(),
    locationId: locationRef(),
    description: text('description').notNull(),
    stock: integer('stock').notNull().default(0),
    /** The SGLN extension of its location's GLN: the area's EPCIS readPoint (issue 17). */
    glnExtension: text('gln_extension'),
    /** What the area is for (AreaKind of the contract: stockroom, sales_floor, fitting_room, exit, dock, other; issue 26). */
    kind: text('kind').notNull().default('other'),
    version: rowVersion(),
  },
  (t) => [index('areas_location_idx').on(t.locationId)],
);

/** The row's area: `area_id`, required. */
export const areaRef = () => requiredRef('area_id', () => areas.id);

export const providers = pgTable(
  'providers',
  {
    id: serialId(),
    companyId: companyRef(),
    name: text('name').notNull(),
  },
  (t) => [index('providers_company_idx').on(t.companyId, t.name)],
);

export const users = pgTable(
  'users',
  {
    id: serialId(),
    companyId: companyRef(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    role: smallint('role').notNull(),
    editor: boolean('editor').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    version: rowVersion(),
    createdAt: createdAt(),
    /** Issue 29, single sign-on: the identity provider's issuer and subject (`sub`) this user is bound to. */
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    /** Issue 29, second factor: the TOTP secret (base32), and when its enrolment was confirmed (null: not enrolled). */
    totpSecret: text('totp_secret'),
    totpEnabledAt: instant('totp_enabled_at'),
    /** When the password was last set (sessions older than a change are ended), and the last sign-in. */
    passwordChangedAt: instant('password_changed_at'),
    lastLoginAt: instant('last_login_at'),
    /** When it was deactivated (is_active false); null while active. */
    deactivatedAt: instant('deactivated_at'),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    index('users_company_idx').on(t.companyId),
    uniqueIndex('users_oidc_uq').on(t.oidcIssuer, t.oidcSubject),
  ],
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
    id: serialId(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    /** The absolute end of the session (SESSION_MAX_DAYS after sign-in); the idle end is in session_activity. */
    expiresAt: instant('expires_at').notNull(),
    /** Issue 29: how the session began (SessionMethod of the contract: password, oidc), from where and with what. */
    method: text('method').notNull().default('password'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [uniqueIndex('api_tokens_hash_uq').on(t.tokenHash), index('api_tokens_user_idx').on(t.userId)],
);

/**
 * Failed sign-ins per key ('ip:<address>' or 'user:<email>'), shared by every server process
 * (modules/auth/login-throttle.ts): `failures`, the last at `since` (issue 29: the progressive delay runs from the last
 * failure); a row whose last failure is older than the window counts as none and is deleted.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    since: instant('since').notNull(),
  },
  (t) => [index('login_failures_since_idx').on(t.since)],
);
