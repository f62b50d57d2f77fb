import { createRequire } from 'node:module';
import { type FieldErrors, validationError } from '../../http/errors.js';
import type { PlainKey } from '../../i18n/messages.js';

/**
 * The server's password rules besides the contract's length (8–128 characters, no composition rule; OWASP ASVS 5.0
 * V6.2, docs/security.md): a new password is refused when it is one of the common passwords of `@zxcvbn-ts/language-common`
 * (about 49,000, from breach corpora: ASVS 6.2.4 asks for at least the top 3,000), or one of them with digits or symbols
 * added at the end (`demo1234`, `password2026!`), or the user's e-mail address or its part before the `@` (ASVS 6.2.11,
 * context-specific words). Compared in lower case. Loaded once, when first needed.
 *
 * Only new passwords are checked (a user's create, edit, own change, enrolment); a sign-in never is, and the demo seed
 * writes its users' hashes directly (their `demo1234` stays usable in the demo).
 */
let common: Set<string> | undefined;
/** Read on the first new password, not at start-up (the dictionaries take ~90 ms); `require` answers an untyped module, typed here as the package. */
const commonPasswords = (): Set<string> => {
  if (!common) {
    const { dictionary } = createRequire(import.meta.url)(
      '@zxcvbn-ts/language-common',
    ) as typeof import('@zxcvbn-ts/language-common');
    common = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  }
  return common;
};

/** Digits, punctuation and spaces at the end of a password: the usual "make it pass" suffix. */
const SUFFIX = /[\d\p{P}\p{S}\s]+$/u;

/** The password rules' messages. */
export type PasswordProblem = Extract<PlainKey, 'auth.password_common' | 'auth.password_email'>;

/** The rule a new password breaks (a message key), or null when it may be used. */
export const passwordProblem = (password: string, email?: string): PasswordProblem | null => {
  const lower = password.toLowerCase();
  const address = email?.trim().toLowerCase();
  if (address && (lower === address || lower === address.split('@')[0])) return 'auth.password_email';
  const list = commonPasswords();
  const stem = lower.replace(SUFFIX, '');
  if (list.has(lower) || (stem !== lower && stem.length > 0 && list.has(stem))) return 'auth.password_common';
  return null;
};

/** Throws a 400 naming the broken rule on `field` (default `password`); passes a password that may be used. */
export const assertNewPassword = (password: string, email?: string, field = 'password'): void => {
  const problem = passwordProblem(password, email);
  if (problem) throw validationError({ [field]: [problem] } satisfies FieldErrors);
};
