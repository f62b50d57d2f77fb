import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, instant, requiredRef, rowVersion, serialId } from './columns.js';
import { apiTokens, companies, users } from './organization.js';

/**
 * Issue 29: security of sign-in, sessions and the audit log. One file for the tables of modules/auth, modules/sso and
 * modules/audit.
 */

/**
 * When a session (api_tokens row) was last used: its idle end is `last_seen_at` + SESSION_IDLE_MINUTES. Kept apart from
 * api_tokens so that noting a use (at most once a minute) does not fire api_tokens' auth_changed trigger, which empties
 * every process's token cache.
 */
export const sessionActivity = pgTable('session_activity', {
  tokenId: integer('token_id')
    .primaryKey()
    .references(() => apiTokens.id, { onDelete: 'cascade' }),
  lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
});

/**
 * A pending step of a sign-in, found by the SHA-256 of its one-time token: `mfa` (password right, second factor awaited;
 * user_id set), `oidc` (the authorization request sent to the identity provider: state → nonce, PKCE verifier, company),
 * `stream` (a one-time ticket for the live events stream). Deleted when used or expired.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [index('login_challenges_expires_idx').on(t.expiresAt)],
);

/** Recovery codes of a user's second factor (SHA-256 of each); a used one has used_at. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serialId(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
);

/**
 * A client (browser, app) that has signed in as a user before: the login throttle never refuses the right password from
 * it (issue 29, login protection without lock-out). The client keeps the plain token; this keeps its SHA-256.
 */
export const knownClients = pgTable(
  'known_clients',
  {
    id: serialId(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at').notNull().defaultNow(),
  },
  (t) => [index('known_clients_user_idx').on(t.userId)],
);

/** A company's single sign-on with OpenID Connect (modules/sso, docs/sso.md). */
export const companySso = pgTable('company_sso', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** The client secret (confidential client); empty for a public client with PKCE only. Never returned by the API. */
  clientSecret: text('client_secret').notNull().default(''),
  scopes: text('scopes').notNull().default('openid email profile'),
  /** The e-mail domains whose users are sent to this provider from the sign-in page ("example.com"). */
  domains: jsonb('domains').$type<string[]>().notNull().default([]),
  /** The claim holding the user's groups or roles, and group → role number (1..5). */
  roleClaim: text('role_claim').notNull().default('groups'),
  roleMap: jsonb('role_map').$type<Record<string, number>>().notNull().default({}),
  /** The role of a just-in-time user whose claims map to none; null: such a user is refused. */
  defaultRole: smallint('default_role'),
  /** The claim holding location codes or groups, and value → location codes. */
  locationsClaim: text('locations_claim').notNull().default('groups'),
  locationMap: jsonb('location_map').$type<Record<string, string[]>>().notNull().default({}),
  /** Users unknown here are created at their first sign-in (just in time). */
  jitUsers: boolean('jit_users').notNull().default(true),
  /** The company's users sign in only through the provider (passwords refused, except role 1's break-glass if set). */
  ssoOnly: boolean('sso_only').notNull().default(false),
  version: rowVersion(),
  createdAt: createdAt(),
});

/**
 * The audit log (modules/audit, docs/audit.md): every write by a user, an API key or a reader administration call.
 * Append-only: a trigger refuses UPDATE, and DELETE outside the retention job; each row's `hash` is the SHA-256 of the
 * previous row's hash and its own content, so a changed, removed or inserted row breaks the chain (`npm run audit:check`).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id'),
    at: instant('at').notNull().defaultNow(),
    /** AuditActor of the contract: user, api_key, device, system. */
    actorKind: text('actor_kind').notNull(),
    actorId: integer('actor_id'),
    /** The user's e-mail or the key's name when written (the actor may be deleted later). */
    actorLabel: text('actor_label').notNull().default(''),
    apiKeyId: integer('api_key_id'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    method: text('method').notNull(),
    /** The route's pattern (`/api/readers/:id/`) and the path called. */
    route: text('route').notNull(),
    path: text('path').notNull(),
    /** The entity changed (`readers`) and its id, when known; AuditAction of the contract: create, update, delete, action. */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    action: text('action').notNull(),
    status: smallint('status').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_log_company_at_idx').on(t.companyId, t.at),
    index('audit_log_company_entity_idx').on(t.companyId, t.entity, t.entityId),
  ],
);

/** Where the chain starts after the retention job removed its oldest rows: the first kept row and its prev_hash. */
export const auditAnchor = pgTable('audit_anchor', {
  id: smallint('id').primaryKey(),
  firstId: bigint('first_id', { mode: 'number' }).notNull(),
  prevHash: text('prev_hash').notNull(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});
