import { AuditAction, AuditActor } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import { fakeAuditRepo } from './audit-fixtures.js';
import { type AuditEvent, recordAudit } from './record-audit.js';

const event = (over: Partial<AuditEvent> = {}): AuditEvent => ({
  companyId: 1,
  at: new Date('2026-11-29T10:00:00.123Z'),
  actor: { kind: AuditActor.User, id: 1, label: 'admin@demo.local', apiKeyId: null },
  ip: '10.0.0.1',
  userAgent: 'Mozilla/5.0',
  method: 'PUT',
  route: '/api/sso/',
  path: '/api/sso/',
  entity: 'sso',
  entityId: null,
  action: AuditAction.Update,
  status: 200,
  ...over,
});

describe('record an audited write (use case)', () => {
  it('stores the time with milliseconds and hides every secret of the bodies by its key', async () => {
    const { repo, rows } = fakeAuditRepo();
    await recordAudit(
      repo,
      event({
        before: { issuer: 'https://idp.example', client_secret: 'old-s3cret' },
        after: {
          issuer: 'https://idp.example',
          client_secret: 'n3w-s3cret',
          nested: [{ password: 'pw', mfa_token: 't', ticket: 'x', recovery_codes: ['a', 'b'], client_token: 'c' }],
          code: '123456',
          totp_enabled: true,
        },
      }),
    );
    const [row] = rows;
    expect(row?.at).toBe('2026-11-29T10:00:00.123Z');
    expect(row?.before).toEqual({ issuer: 'https://idp.example', client_secret: '[redacted]' });
    expect(row?.after).toEqual({
      issuer: 'https://idp.example',
      client_secret: '[redacted]',
      nested: [
        {
          password: '[redacted]',
          mfa_token: '[redacted]',
          ticket: '[redacted]',
          recovery_codes: '[redacted]',
          client_token: '[redacted]',
        },
      ],
      // A one-time code on a sign-in route (/sso): hidden.
      code: '[redacted]',
      totp_enabled: true,
    });
    expect(JSON.stringify(rows)).not.toMatch(/s3cret|123456/);
  });

  it("keeps a location's code (not a sign-in route), and a huge body as its size only", async () => {
    const { repo, rows } = fakeAuditRepo();
    await recordAudit(
      repo,
      event({ route: '/api/locations/:id/', after: { code: 'T-MAD-01' }, before: { rows: 'x'.repeat(70_000) } }),
    );
    expect(rows[0]?.after).toEqual({ code: 'T-MAD-01' });
    expect(rows[0]?.before).toEqual({ truncated: true, chars: 70_011 });
  });

  it('chains each row to the one before', async () => {
    const { repo, rows } = fakeAuditRepo();
    await recordAudit(repo, event());
    await recordAudit(repo, event({ method: 'DELETE', action: AuditAction.Delete }));
    expect(rows[0]?.prevHash).toBe('0'.repeat(64));
    expect(rows[1]?.prevHash).toBe(rows[0]?.hash);
    expect(rows[1]?.hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
