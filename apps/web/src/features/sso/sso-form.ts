import type { SsoConfig, SsoConfigBody } from '@rfid/contract';

/** One editable mapping row of the form: a provider group and its role or location codes. */
export type Row = { key: string; value: string };

/** The SSO form's fields as the page edits them (lists as comma-separated text). */
export type Form = {
  enabled: boolean;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  domains: string;
  roleClaim: string;
  roles: Row[];
  defaultRole: string;
  locationsClaim: string;
  locations: Row[];
  jit: boolean;
  ssoOnly: boolean;
};

/** The form's text fields. */
export type TextName = 'issuer' | 'clientId' | 'scopes' | 'domains' | 'roleClaim' | 'locationsClaim';

/** The body field each text field of the form is sent as (`toBody`): the name the server gives its errors. */
export const TEXT_BODY_FIELDS = {
  issuer: 'issuer',
  clientId: 'client_id',
  scopes: 'scopes',
  domains: 'domains',
  roleClaim: 'role_claim',
  locationsClaim: 'locations_claim',
} as const satisfies Record<TextName, keyof SsoConfigBody>;

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export const toForm = (c: SsoConfig): Form => ({
  enabled: c.enabled,
  issuer: c.issuer,
  clientId: c.client_id,
  clientSecret: '',
  scopes: c.scopes,
  domains: c.domains.join(', '),
  roleClaim: c.role_claim,
  roles: Object.entries(c.role_map).map(([key, value]) => ({ key, value: String(value) })),
  defaultRole: c.default_role === null ? '' : String(c.default_role),
  locationsClaim: c.locations_claim,
  locations: Object.entries(c.location_map).map(([key, codes]) => ({ key, value: codes.join(', ') })),
  jit: c.jit_users,
  ssoOnly: c.sso_only,
});

export const toBody = (f: Form): SsoConfigBody => ({
  enabled: f.enabled,
  issuer: f.issuer.trim(),
  client_id: f.clientId.trim(),
  client_secret: f.clientSecret,
  scopes: f.scopes,
  domains: list(f.domains),
  role_claim: f.roleClaim,
  role_map: Object.fromEntries(f.roles.filter((r) => r.key.trim()).map((r) => [r.key.trim(), Number(r.value)])),
  default_role: f.defaultRole ? Number(f.defaultRole) : null,
  locations_claim: f.locationsClaim,
  location_map: Object.fromEntries(f.locations.filter((r) => r.key.trim()).map((r) => [r.key.trim(), list(r.value)])),
  jit_users: f.jit,
  sso_only: f.ssoOnly,
});
