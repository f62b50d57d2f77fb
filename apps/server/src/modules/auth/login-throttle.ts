import { createHash } from 'node:crypto';

/**
 * Slows a password guesser down without ever locking the owner out (issue 29, docs/security.md "Login protection").
 *
 * Failed sign-ins are counted per key: `user:<e-mail>` (the account) and `ip:<address>` (the client). Each key has a
 * number of free failures; after them, each further attempt must wait 2^(failures − free + 1) seconds after the last
 * failure, up to a cap: an account waits up to 15 minutes, an address up to 1 minute (behind a balancer without
 * TRUST_PROXY every client has the balancer's address: that rule only slows, it never shuts everyone out). An attempt
 * made too early is answered 429 with `Retry-After` and is not counted. A key's failures are forgotten a day after its
 * last one, and a successful sign-in clears its account's count (never an address's: an attacker signing in to an
 * account of its own between guesses would otherwise start again).
 *
 * The throttle never refuses the right password from a known client (a browser that has signed in as that user before,
 * auth.service.ts); that is why the account's delay can be long without locking its owner out.
 *
 * The counts are rows of `login_failures`, on the database's clock, so every server process shares them: N processes
 * behind a balancer allow no more guesses than one.
 */
export type ThrottleRule = {
  /** Failures allowed without any wait. */
  free: number;
  /** The longest wait, in seconds. */
  capSeconds: number;
};
export const ACCOUNT_RULE: ThrottleRule = { free: 5, capSeconds: 15 * 60 };
export const ADDRESS_RULE: ThrottleRule = { free: 20, capSeconds: 60 };
/** A key's failures are forgotten this long after its last one. */
export const FORGET_MS = 24 * 60 * 60 * 1000;

/** What the throttle reads and writes (auth.repository.ts; a fake in login-throttle.test.ts). */
export type LoginThrottleRepository = {
  /** Each key's failures and the seconds since its last one (keys without failures within `forgetMs` are absent). */
  failureStates(keys: string[], forgetMs: number): Promise<{ key: string; failures: number; secondsSinceLast: number }[]>;
  /** One more failure for each key, now (a count older than `forgetMs` starts again; such rows are deleted). */
  recordFailures(keys: string[], forgetMs: number): Promise<void>;
  clearFailures(keys: string[]): Promise<void>;
};

/** How long the next attempt waits after `failures` failures, in seconds: after the free ones 2, 4, 8 … up to the cap. */
export const delayAfter = (failures: number, rule: ThrottleRule): number =>
  failures < rule.free ? 0 : Math.min(2 ** (failures - rule.free + 1), rule.capSeconds);

/** A key as stored: as it is when short, else its SHA-256 (an index entry has a size limit; a key has none). */
const storedKey = (key: string): string =>
  key.length <= 200 ? key : `${key.slice(0, key.indexOf(':') + 1)}#${createHash('sha256').update(key).digest('hex')}`;
const storedKeys = (keys: string[]): string[] => keys.map(storedKey);

export const createLoginThrottle = ({
  repo,
  account = ACCOUNT_RULE,
  address = ADDRESS_RULE,
  forgetMs = FORGET_MS,
}: {
  repo: LoginThrottleRepository;
  account?: ThrottleRule;
  address?: ThrottleRule;
  forgetMs?: number;
}) => {
  const ruleOf = (key: string): ThrottleRule => (key.startsWith('ip:') ? address : account);
  return {
    /** Seconds to wait before the next attempt on these keys (0: it may be made now). */
    async retryAfter(keys: string[]): Promise<number> {
      const states = await repo.failureStates(storedKeys(keys), forgetMs);
      const waits = states.map((s) => delayAfter(s.failures, ruleOf(s.key)) - s.secondsSinceLast);
      return Math.max(0, ...waits.map((w) => Math.ceil(w)));
    },
    recordFailure: (keys: string[]): Promise<void> => repo.recordFailures(storedKeys(keys), forgetMs),
    /** Clears the given keys (the signed-in user's; never an address). */
    recordSuccess: (keys: string[]): Promise<void> => repo.clearFailures(storedKeys(keys)),
  };
};
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
