import { createHash, randomBytes } from 'node:crypto';
import { Role, type SsoConfig, type SsoConfigInput } from '@rfid/contract';
import type { SsoConfigRow } from './sso.repository.js';

/** An authorization request is answered within this (the provider's sign-in included). */
export const OIDC_REQUEST_MS = 10 * 60_000;
/** The sign-in page exchanges the hand-off code within this. */
export const HANDOFF_MS = 60_000;
/** Where the provider sends the browser back (register it at the provider). */
export const CALLBACK_PATH = '/api/sso/callback/';
/** The sign-in page that exchanges the hand-off code (in its fragment) for a session. */
export const HANDOFF_PAGE = '/login/sso';

/** A one-time random token (state, nonce, hand-off code) and the SHA-256 that is stored of it. */
export const randomToken = (): string => randomBytes(32).toString('base64url');
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** The e-mail's domain, lower-case ("" when there is none). */
export const emailDomain = (email: string): string => {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
};

/** The text values of a claim: a string, or the strings of an array (anything else: none). */
export const claimValues = (claims: Record<string, unknown>, name: string): string[] => {
  const value = claims[name];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
};

/**
 * The role of a user with these claims: the highest (lowest number) of the roles its values map to, else the company's
 * default role, else none (refused).
 */
export const mapRole = (config: Pick<SsoConfigRow, 'roleClaim' | 'roleMap' | 'defaultRole'>, claims: Record<string, unknown>) => {
  const roles = claimValues(claims, config.roleClaim)
    .map((v) => config.roleMap[v])
    .filter((r): r is number => typeof r === 'number');
  return roles.length ? Math.min(...roles) : config.defaultRole;
};

/** The location codes these claims map to (once each, sorted). */
export const mapLocationCodes = (
  config: Pick<SsoConfigRow, 'locationsClaim' | 'locationMap'>,
  claims: Record<string, unknown>,
): string[] => [...new Set(claimValues(claims, config.locationsClaim).flatMap((v) => config.locationMap[v] ?? []))].sort();

/** Roles 1 to 3 edit (the editor flag the web reads), 4 and 5 do not. */
export const editorOf = (role: number): boolean => role <= Role.LocationEditor;

/** The redirect URI: on PUBLIC_URL when set, else on the request's own origin. */
export const callbackUrl = (base: string): string => new URL(CALLBACK_PATH, base).toString();

/** The stored row of a configuration the administrator sent (the secret kept when left blank). */
export const toRow = (companyId: number, body: SsoConfigInput, stored: SsoConfigRow | undefined): SsoConfigRow => ({
  companyId,
  enabled: body.enabled,
  issuer: body.issuer,
  clientId: body.client_id,
  clientSecret: body.client_secret ? body.client_secret : (stored?.clientSecret ?? ''),
  scopes: body.scopes.split(/\s+/).filter(Boolean).join(' '),
  domains: [...new Set(body.domains)],
  roleClaim: body.role_claim,
  roleMap: body.role_map,
  defaultRole: body.default_role,
  locationsClaim: body.locations_claim,
  locationMap: Object.fromEntries(Object.entries(body.location_map).map(([k, codes]) => [k, [...new Set(codes)]])),
  jitUsers: body.jit_users,
  ssoOnly: body.sso_only,
});

/** The configuration as the administrator reads it: never the secret. */
export const toDto = (row: SsoConfigRow | undefined, redirectUri: string): SsoConfig => ({
  configured: row !== undefined,
  enabled: row?.enabled ?? false,
  issuer: row?.issuer ?? '',
  client_id: row?.clientId ?? '',
  has_client_secret: Boolean(row?.clientSecret),
  scopes: row?.scopes ?? 'openid email profile',
  domains: row?.domains ?? [],
  role_claim: row?.roleClaim ?? 'groups',
  role_map: row?.roleMap ?? {},
  default_role: row?.defaultRole ?? null,
  locations_claim: row?.locationsClaim ?? 'groups',
  location_map: row?.locationMap ?? {},
  jit_users: row?.jitUsers ?? true,
  sso_only: row?.ssoOnly ?? false,
  redirect_uri: redirectUri,
});
