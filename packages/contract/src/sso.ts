/** Single sign-on with OpenID Connect (issue 29, docs/sso.md): a company's provider, and the sign-in through it. */
import { z } from 'zod';
import { emailField } from './common.js';
import type { ValueOf } from './const-enum.js';
import { ROLES } from './enums.js';

export const SSO_DEFAULT_SCOPES = 'openid email profile';
export const SSO_TEXT_MAX = 500;
export const SSO_MAX_DOMAINS = 50;
export const SSO_MAX_MAPPINGS = 500;

/**
 * Why a sign-in through the provider was refused: the callback sends the browser to `/login?sso_error=<reason>`, and
 * the sign-in page says it in the user's language.
 */
export const SsoError = {
  /** The request is unknown, used already or more than 10 minutes old. */
  Expired: 'expired',
  /** The user refused, or the provider refused the user (`error=access_denied`). */
  Denied: 'denied',
  /** None of the user's groups maps to a role, and the company has no default role. */
  NoRole: 'no_role',
  /** The user is not known here and the company does not create users at their first sign-in. */
  NoUser: 'no_user',
  /** The user is deactivated. */
  Inactive: 'inactive',
  /** The provider's answer was not accepted (code exchange, ID token's issuer, audience or nonce …). */
  Provider: 'provider',
  /** The company's single sign-on is off. */
  Disabled: 'disabled',
} as const;
export type SsoError = ValueOf<typeof SsoError>;
export const SSO_ERRORS = Object.values(SsoError);

const text = (max = SSO_TEXT_MAX) =>
  z.string({ error: 'This field is required.' }).trim().max(max, `Ensure this value has at most ${max} characters.`);
const required = (max = SSO_TEXT_MAX) => text(max).min(1, 'This field is required.');

/** https, or http on this machine only (127.0.0.1, localhost, [::1]): the tests' and the demo's provider. */
export const isAllowedIssuer = (value: string): boolean => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.search || url.hash) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
};

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const roleNumber = z
  .number({ error: 'Choose a role from 1 to 5.' })
  .int('Choose a role from 1 to 5.')
  .min(1, 'Choose a role from 1 to 5.')
  .max(ROLES.length, 'Choose a role from 1 to 5.');
const mapKey = required(200);

/** PUT /api/sso/config/: the company's provider and how its users' claims map to roles and locations. */
export const ssoConfigBodySchema = z.object({
  enabled: z.boolean({ error: 'Choose true or false.' }),
  issuer: required().refine(isAllowedIssuer, 'Enter an https address (http only for 127.0.0.1 or localhost).'),
  client_id: required(),
  /** Write-only: blank or omitted keeps the stored one. */
  client_secret: text(2000).optional(),
  scopes: required()
    .default(SSO_DEFAULT_SCOPES)
    .refine((s) => s.split(/\s+/).includes('openid'), 'The scopes must include openid.'),
  domains: z
    .array(
      z
        .string({ error: 'Enter a domain such as example.com.' })
        .trim()
        .toLowerCase()
        .regex(DOMAIN, 'Enter a domain such as example.com.'),
      { error: 'A list of e-mail domains.' },
    )
    .max(SSO_MAX_DOMAINS, `At most ${SSO_MAX_DOMAINS} domains.`),
  role_claim: required(200).default('groups'),
  role_map: z
    .record(mapKey, roleNumber, { error: 'A map of group to role.' })
    .refine((m) => Object.keys(m).length <= SSO_MAX_MAPPINGS, `At most ${SSO_MAX_MAPPINGS} mappings.`),
  default_role: roleNumber.nullable(),
  locations_claim: required(200).default('groups'),
  location_map: z
    .record(mapKey, z.array(required(100), { error: 'A list of location codes.' }), {
      error: 'A map of value to location codes.',
    })
    .refine((m) => Object.keys(m).length <= SSO_MAX_MAPPINGS, `At most ${SSO_MAX_MAPPINGS} mappings.`),
  jit_users: z.boolean({ error: 'Choose true or false.' }),
  sso_only: z.boolean({ error: 'Choose true or false.' }),
});
export type SsoConfigBody = z.input<typeof ssoConfigBodySchema>;
export type SsoConfigInput = z.output<typeof ssoConfigBodySchema>;

/** GET /api/sso/config/: the configuration, never its client secret (only whether one is stored). */
export const ssoConfigSchema = z.object({
  configured: z.boolean(),
  enabled: z.boolean(),
  issuer: z.string(),
  client_id: z.string(),
  has_client_secret: z.boolean(),
  scopes: z.string(),
  domains: z.array(z.string()),
  role_claim: z.string(),
  role_map: z.record(z.string(), z.number()),
  default_role: z.number().nullable(),
  locations_claim: z.string(),
  location_map: z.record(z.string(), z.array(z.string())),
  jit_users: z.boolean(),
  sso_only: z.boolean(),
  /** The redirect URI to register at the provider. */
  redirect_uri: z.string(),
});
export type SsoConfig = z.infer<typeof ssoConfigSchema>;

/** POST /api/sso/start/: the e-mail whose domain names the company's provider. */
export const ssoStartBodySchema = z.object({
  email: emailField(),
});
export type SsoStartBody = z.infer<typeof ssoStartBodySchema>;
export const ssoStartResponseSchema = z.object({ url: z.string() });
export type SsoStartResponse = z.infer<typeof ssoStartResponseSchema>;

/** GET /api/sso/callback/: the provider's answer (a code and the state, or an error). */
export const ssoCallbackQuerySchema = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(500).optional(),
  iss: z.string().max(SSO_TEXT_MAX).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
  session_state: z.string().max(500).optional(),
});

/** POST /api/sso/exchange/: the one-time code the callback put in the sign-in page's fragment → a session. */
export const ssoExchangeBodySchema = z.object({
  code: z.string({ error: 'This field is required.' }).trim().min(1, 'This field is required.').max(200),
});
export type SsoExchangeBody = z.infer<typeof ssoExchangeBodySchema>;
