import { createHash, randomInt } from 'node:crypto';
import bwipjs from 'bwip-js';
import { Secret, TOTP } from 'otpauth';

/**
 * The TOTP second factor (RFC 6238 with `otpauth`): HMAC-SHA-1, 6 digits, 30-second steps, a code accepted one step
 * before or after the current one (clock drift), and each step at most once (mfa.repository.ts `claimStep`).
 */
export const TOTP_ISSUER = 'RFID Stock';
export const TOTP_PERIOD = 30;

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommended length), in base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

export const totpFor = (secretBase32: string, label = ''): TOTP =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });

/** The time step a code belongs to (the current one ± 1), or null when it matches none. */
export const matchingStep = (secretBase32: string, code: string, nowMs: number): number | null => {
  const delta = totpFor(secretBase32).validate({ token: code, timestamp: nowMs, window: 1 });
  return delta === null ? null : Math.floor(nowMs / 1000 / TOTP_PERIOD) + delta;
};

/** The enrolment's answer: the secret, its otpauth:// URI and the URI as a QR code (SVG). */
export const enrolmentOf = (secretBase32: string, email: string) => {
  const otpauthUri = totpFor(secretBase32, email).toString();
  return {
    secret: secretBase32,
    otpauth_uri: otpauthUri,
    qr_svg: bwipjs.toSVG({ bcid: 'qrcode', text: otpauthUri, scale: 4 }),
  };
};

/** Recovery codes' letters: lower case without look-alikes (no i, l, o, 0, 1). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODES = 10;

/** 10 new recovery codes, `xxxxx-xxxxx` (about 49 bits each). */
export const newRecoveryCodes = (): string[] =>
  Array.from({ length: RECOVERY_CODES }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });

/** A recovery code as stored: the SHA-256 of its letters in lower case, without spaces or dashes. */
export const recoveryCodeHash = (code: string): string =>
  createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
