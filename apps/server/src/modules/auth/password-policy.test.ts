import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-policy.js';

describe('password rules (ASVS 5.0 6.2.4, 6.2.11)', () => {
  it('refuses common passwords, in any case, and common ones with digits or symbols added', () => {
    for (const p of ['password', 'Password', 'qwerty123', '12345678', 'demo1234', 'Demo1234!', 'iloveyou2026']) {
      expect(passwordProblem(p), p).toBe('auth.password_common');
    }
  });

  it("refuses the user's e-mail address or its name part", () => {
    expect(passwordProblem('Ana.Admin@example.com', 'ana.admin@example.com')).toBe('auth.password_email');
    expect(passwordProblem('ana.admin', 'ana.admin@example.com')).toBe('auth.password_email');
  });

  it('takes long, uncommon passphrases of any characters, without a composition rule', () => {
    for (const p of ['caballo grapa batería correcta', 'zumo-de-naranja-al-amanecer', 'ñandú 🔑 verde', 'estanterías azules']) {
      expect(passwordProblem(p, 'someone@example.com'), p).toBeNull();
    }
  });
});
