import { createHmac, randomBytes } from 'node:crypto';

/**
 * The rules of outbound webhooks (issue 27, docs/webhooks.md), pure: the signature of the Standard Webhooks
 * specification (https://www.standardwebhooks.com/), the body of a message, the retry schedule and when an endpoint is
 * disabled. The sender (webhooks.sender.ts) applies them; their unit tests check them against the specification's
 * reference library (`standardwebhooks`).
 */

/** The prefix of a secret and of a message id, as the specification writes them. */
export const SECRET_PREFIX = 'whsec_';
export const MESSAGE_ID_PREFIX = 'msg_';

/** A new signing secret: `whsec_` + base64 of 32 random bytes (the specification allows 24 to 64). */
export const newSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/** The key bytes of a `whsec_` secret. */
const keyOf = (secret: string): Buffer =>
  Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');

/** The `webhook-id` of a message: stable across attempts and replays (receivers deduplicate by it). */
export const messageIdOf = (messageId: number): string => `${MESSAGE_ID_PREFIX}${messageId}`;

/**
 * `webhook-signature`: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` per secret, space separated (during a
 * rotation the previous secret signs too, so a receiver with either verifies).
 */
export const signatureOf = (secrets: readonly string[], id: string, timestampS: number, body: string): string =>
  secrets
    .map((secret) => `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestampS}.${body}`).digest('base64')}`)
    .join(' ');

/** The secrets that sign now: the current one, and the previous one while its overlap lasts. */
export const signingSecrets = (
  endpoint: { secret: string; previousSecret: string | null; previousSecretUntil: Date | null },
  now: Date,
): string[] =>
  endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil.getTime() > now.getTime()
    ? [endpoint.secret, endpoint.previousSecret]
    : [endpoint.secret];

/** The body of a message (Standard Webhooks payload): `{ type, timestamp, data }`; the same on every attempt. */
export const bodyOf = (message: { eventType: string; createdAt: Date; payload: Record<string, unknown> }): string =>
  JSON.stringify({ type: message.eventType, timestamp: message.createdAt.toISOString(), data: message.payload });

/** The headers of one attempt. */
export const headersOf = (secrets: readonly string[], id: string, now: Date, body: string): Record<string, string> => {
  const timestampS = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'rfid-webhooks/1',
    'webhook-id': id,
    'webhook-timestamp': String(timestampS),
    'webhook-signature': signatureOf(secrets, id, timestampS, body),
  };
};

export type RetryPolicy = {
  /** Attempts of a delivery before it fails (the first included). */
  maxAttempts: number;
  /** The delay after the first failed attempt; each next one is `factor` times longer, up to `maxMs`. */
  baseMs: number;
  maxMs: number;
  factor: number;
};

/**
 * The delay before attempt `attempts + 1`, after `attempts` failed ones: exponential (base × factorⁿ⁻¹, capped), with
 * "equal jitter": half of it fixed, the other half random, so that the deliveries failed together do not all come back
 * at the same moment. `random` is in [0, 1).
 */
export const retryDelayMs = (policy: RetryPolicy, attempts: number, random: number): number => {
  const full = Math.min(policy.maxMs, policy.baseMs * policy.factor ** Math.max(0, attempts - 1));
  return Math.round(full / 2 + (full / 2) * Math.min(Math.max(random, 0), 1));
};

/** Whether a failed attempt is the delivery's last (it fails for good). */
export const isLastAttempt = (policy: RetryPolicy, attempts: number): boolean => attempts >= policy.maxAttempts;

export type DisablePolicy = {
  /** Deliveries failed for good in a row (every attempt of each) that disable the endpoint. */
  afterFailedDeliveries: number;
  /** Or: failing without one success for this long (the specification's "failing for days"). */
  afterFailingMs: number;
};

/**
 * Whether an endpoint is disabled after one of its deliveries failed for good: K deliveries in a row failed, or it has
 * been failing (no success) for longer than the policy's span. The reason is said in English for the logs; the admin
 * page shows it with its code.
 */
export const disableReason = (
  policy: DisablePolicy,
  endpoint: { consecutiveFailures: number; failingSince: Date | null },
  now: Date,
): string | null => {
  if (endpoint.consecutiveFailures >= policy.afterFailedDeliveries) {
    return `${endpoint.consecutiveFailures} deliveries in a row failed after every attempt`;
  }
  if (endpoint.failingSince && now.getTime() - endpoint.failingSince.getTime() >= policy.afterFailingMs) {
    return `failing without a success since ${endpoint.failingSince.toISOString()}`;
  }
  return null;
};

/** An HTTP status that acknowledges a message: any 2xx. */
export const isAcknowledged = (status: number): boolean => status >= 200 && status < 300;

/** How much of a response body the log keeps. */
export const RESPONSE_EXCERPT_CHARS = 200;
