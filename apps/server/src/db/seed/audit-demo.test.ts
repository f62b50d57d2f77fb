import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditRepository } from '../../modules/audit/audit.repository.js';
import { checkAuditChain } from '../../modules/audit/use-cases/check-audit-chain.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { seedAuditDemo } from './audit-demo.js';

describe('audit log demo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes a checkable chain the administrator finds on the audit page', async () => {
    await seedAuditDemo(t.database.db, new Date());
    expect(await checkAuditChain(createAuditRepository(t.database.db))).toEqual({ ok: true, count: 5 });
    const admin = await t.login('admin@demo.local');
    const page = (await t.call('GET', '/api/audit/?entity=areas', admin)).json();
    expect(page.results[0]).toMatchObject({ action: 'update', actor: { label: 'admin@demo.local' } });
    const detail = (await t.call('GET', `/api/audit/${page.results[0].id}/`, admin)).json();
    expect(detail.before.description).toBe('Sala ventas');
    expect(detail.after.description).toBe('Sala de ventas');
  });
});
