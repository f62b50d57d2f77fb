import { AuditAction, AuditActor } from '@rfid/contract';
import { and, eq } from 'drizzle-orm';
import { appendAuditRow } from '../../modules/audit/audit.repository.js';
import type { Db } from '../client.js';
import { devices } from '../schema/index.js';
import { areaIdOf, demoSites, userIdOf } from './demo-lookups.js';

const HOUR = 3_600_000;
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

/**
 * Demo rows of the audit log (issue 29, docs/audit.md): the seed's own writes are not audited, so a few realistic ones
 * are written here, through the chain's one insert: sign-ins (one refused), an area renamed, a reader's working mode
 * changed and an ERP stock upload by an API key, over the last two days.
 */
export const seedAuditDemo = async (db: Db, now = new Date()): Promise<void> => {
  const sites = await demoSites(db);
  const admin = await userIdOf(db, 'admin@demo.local');
  if (!sites || admin === undefined) return;
  const companyId = sites.store.companyId;
  const floor = await areaIdOf(db, sites.store.id, 'Sala de ventas');
  const [reader] = await db
    .select({ id: devices.id, description: devices.description, workingMode: devices.workingMode })
    .from(devices)
    .where(and(eq(devices.companyId, companyId), eq(devices.locationId, sites.store.id)))
    .limit(1);
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR).toISOString();
  const person = { actorKind: AuditActor.User, actorId: admin, actorLabel: 'admin@demo.local', apiKeyId: null };
  const office = { ip: '192.168.10.24', userAgent: BROWSER };
  const rows = [
    {
      ...person,
      actorId: (await userIdOf(db, 'editor@demo.local')) ?? null,
      actorLabel: 'editor@demo.local',
      ip: '85.48.112.7',
      userAgent: PHONE,
      at: at(49),
      method: 'POST',
      route: '/api/authtoken/',
      path: '/api/authtoken/',
      entity: 'session',
      entityId: null,
      action: AuditAction.Action,
      status: 400,
      before: null,
      after: { result: 'refused', code: 'auth.invalid_credentials' },
    },
    {
      ...person,
      ...office,
      at: at(48),
      method: 'POST',
      route: '/api/authtoken/',
      path: '/api/authtoken/',
      entity: 'session',
      entityId: String(admin),
      action: AuditAction.Create,
      status: 200,
      before: null,
      after: { result: 'signed_in' },
    },
    ...(floor === undefined
      ? []
      : [
          {
            ...person,
            ...office,
            at: at(47.5),
            method: 'PUT',
            route: '/api/areas/:id/',
            path: `/api/areas/${floor}/`,
            entity: 'areas',
            entityId: String(floor),
            action: AuditAction.Update,
            status: 200,
            before: { id: floor, description: 'Sala ventas', location_id: sites.store.id, kind: 'sales_floor', version: 1 },
            after: { id: floor, description: 'Sala de ventas', location_id: sites.store.id, kind: 'sales_floor', version: 2 },
          },
        ]),
    ...(reader
      ? [
          {
            ...person,
            ...office,
            at: at(26),
            method: 'PUT',
            route: '/api/readers/:id/',
            path: `/api/readers/${reader.id}/`,
            entity: 'readers',
            entityId: String(reader.id),
            action: AuditAction.Update,
            status: 200,
            before: { id: reader.id, description: reader.description, working_mode: 0, power: 27 },
            after: { id: reader.id, description: reader.description, working_mode: reader.workingMode, power: 30 },
          },
        ]
      : []),
    {
      actorKind: AuditActor.ApiKey,
      actorId: null,
      actorLabel: 'ERP nocturno',
      apiKeyId: null,
      ip: '10.20.0.15',
      userAgent: 'erp-sync/2.4',
      at: at(6),
      method: 'POST',
      route: '/api/erp/stock/',
      path: '/api/erp/stock/',
      entity: 'erp',
      entityId: null,
      action: AuditAction.Action,
      status: 202,
      before: null,
      after: { stores: 2, rows: 148, rejected: 0 },
    },
  ];
  for (const row of rows) await appendAuditRow(db, { companyId, ...row });
};
