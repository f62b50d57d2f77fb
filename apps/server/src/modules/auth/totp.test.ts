import { describe, expect, it } from 'vitest';
import { matchingStep, newRecoveryCodes, recoveryCodeHash } from './totp.js';

/**
 * RFC 6238 Appendix B: the SHA-1 secret is the ASCII "12345678901234567890" (base32 below); the RFC's codes have 8
 * digits, ours 6, which are the last 6 of the same truncated value.
 */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const VECTORS: [seconds: number, code8: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('at %i s the code is the last 6 digits of %s', (seconds, code8) => {
    const step = Math.floor(seconds / 30);
    expect(matchingStep(RFC_SECRET, code8.slice(2), seconds * 1000)).toBe(step);
  });

  it('accepts a code one step late or early, not two', () => {
    const [seconds, code8] = VECTORS[3] ?? [0, ''];
    const code = code8.slice(2);
    const step = Math.floor(seconds / 30);
    expect(matchingStep(RFC_SECRET, code, (seconds + 30) * 1000)).toBe(step);
    expect(matchingStep(RFC_SECRET, code, (seconds - 30) * 1000)).toBe(step);
    expect(matchingStep(RFC_SECRET, code, (seconds + 60) * 1000)).toBeNull();
    expect(matchingStep(RFC_SECRET, '000000', seconds * 1000)).toBeNull();
  });

  it('makes 10 different recovery codes, stored by a hash that ignores case, spaces and dashes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const [first = ''] = codes;
    expect(recoveryCodeHash(first.toUpperCase().replace('-', ' '))).toBe(recoveryCodeHash(first));
  });
});
