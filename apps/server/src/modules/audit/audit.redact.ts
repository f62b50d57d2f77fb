/**
 * What the audit log never stores (issue 29): the values of secret fields, at any depth of a body, become "[redacted]".
 * By key name: passwords, secrets (client_secret), tokens (mfa_token, client_token, access_token), TOTP and recovery
 * codes, tickets, API keys' plain values (`key`), authorization headers. On sign-in and second-factor routes
 * (`/auth…`, `/totp`, `/mfa`, `/sso`, `/sessions`) a `code` or `otp` is a one-time code and is hidden too; elsewhere a
 * `code` is a location's or an order's code and is kept.
 */
export const REDACTED = '[redacted]';

const SECRET_KEY =
  /pass(word)?|secret|token|totp|recovery|ticket|^key$|api_?key$|authorization|cookie|private|^otp$|mfa|credential/i;
const SIGN_IN_ROUTE = /\/(auth|totp|mfa|sso|sessions|recovery|password|login)/i;
const ONE_TIME_CODE_KEY = /^(code|otp|codes)$/i;

export const isSecretKey = (key: string, route = ''): boolean =>
  SECRET_KEY.test(key) || (SIGN_IN_ROUTE.test(route) && ONE_TIME_CODE_KEY.test(key));

/** `value` with every secret field's value replaced (a copy; plain JSON values only). */
export const redact = (value: unknown, route = ''): unknown => {
  if (Array.isArray(value)) return value.map((item) => redact(item, route));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      // A yes/no is never a secret (`mfa_enabled: true` stays readable); an empty or null one hides nothing.
      const isHidden = isSecretKey(key, route) && inner !== null && inner !== '' && typeof inner !== 'boolean';
      out[key] = isHidden ? REDACTED : redact(inner, route);
    }
    return out;
  }
  return value;
};

/** The largest before/after kept whole (its JSON text); a larger one is stored as its size only. */
export const MAX_BODY_CHARS = 64 * 1024;

/**
 * A body as the log keeps it: plain JSON (a copy), redacted, or null when it is none (a stream, a buffer, nothing);
 * `{ truncated: true, chars }` when it is larger than MAX_BODY_CHARS.
 */
export const auditBody = (value: unknown, route = ''): unknown => {
  if (value === undefined || value === null) return null;
  if (Buffer.isBuffer(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return null;
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    return null;
  }
  if (text === undefined) return null;
  if (text.length > MAX_BODY_CHARS) return { truncated: true, chars: text.length };
  return redact(JSON.parse(text), route);
};
