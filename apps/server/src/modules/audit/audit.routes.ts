import {
  AUDIT_PAGE_SIZE,
  auditDetailSchema,
  auditEntrySchema,
  auditExportQuerySchema,
  auditListQuerySchema,
  errorBodySchema,
  idParamSchema,
  RoleThreshold,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportGetter } from '../../http/export-route.js';
import { pagedGetter } from '../../http/paged-route.js';
import { routeDeclarer } from '../../http/route.js';
import type { ExportTable } from '../../lib/export/table.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { type AuditRow, createAuditRepository } from './audit.repository.js';
import { exportAudit } from './use-cases/export-audit.js';
import { getAudit } from './use-cases/get-audit.js';
import { listAudit } from './use-cases/list-audit.js';

const ACTIONS = {
  create: { es: 'Alta', en: 'Create' },
  update: { es: 'Cambio', en: 'Update' },
  delete: { es: 'Baja', en: 'Delete' },
  action: { es: 'Acción', en: 'Action' },
} as const;
const ACTORS = {
  user: { es: 'Usuario', en: 'User' },
  api_key: { es: 'Clave de API', en: 'API key' },
  device: { es: 'Lector', en: 'Reader' },
  system: { es: 'Sistema', en: 'System' },
} as const;

/** The audit export's columns (docs/audit.md): one row per write, the fields before and after as JSON text. */
export const AUDIT_TABLE: ExportTable<AuditRow> = {
  sheet: { es: 'Auditoría', en: 'Audit' },
  columns: [
    { header: { es: 'Id', en: 'Id' }, kind: 'number', value: (r) => r.id },
    { header: { es: 'Fecha', en: 'When' }, kind: 'datetime', value: (r) => r.at },
    { header: { es: 'Tipo de autor', en: 'Actor kind' }, kind: 'state', states: ACTORS, value: (r) => r.actorKind },
    { header: { es: 'Autor', en: 'Actor' }, kind: 'text', value: (r) => r.actorLabel },
    { header: { es: 'Dirección IP', en: 'IP address' }, kind: 'text', value: (r) => r.ip },
    { header: { es: 'Navegador o programa', en: 'User agent' }, kind: 'text', value: (r) => r.userAgent },
    { header: { es: 'Método', en: 'Method' }, kind: 'text', value: (r) => r.method },
    { header: { es: 'Ruta', en: 'Path' }, kind: 'text', value: (r) => r.path },
    { header: { es: 'Entidad', en: 'Entity' }, kind: 'text', value: (r) => r.entity },
    { header: { es: 'Id de entidad', en: 'Entity id' }, kind: 'text', value: (r) => r.entityId },
    { header: { es: 'Acción', en: 'Action' }, kind: 'state', states: ACTIONS, value: (r) => r.action },
    { header: { es: 'Estado HTTP', en: 'HTTP status' }, kind: 'number', value: (r) => r.status },
    { header: { es: 'Antes', en: 'Before' }, kind: 'text', value: (r) => (r.before == null ? null : JSON.stringify(r.before)) },
    { header: { es: 'Después', en: 'After' }, kind: 'text', value: (r) => (r.after == null ? null : JSON.stringify(r.after)) },
  ],
};

/** The audit log's administration (issue 29; roles 1–2, the user's company only). */
export const auditRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config }) => {
  const repo = createAuditRepository(db);
  const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
  const route = routeDeclarer(['audit'], errors);
  const maxRole = RoleThreshold.adminMenu;

  pagedGetter(app, route)(
    '/audit/',
    {
      summary: 'The audit log of the company: every write by a user or an API key, and sign-ins (newest first)',
      maxRole,
      querystring: auditListQuerySchema,
      row: auditEntrySchema,
      pageSize: AUDIT_PAGE_SIZE,
    },
    (user, { query }, page) => listAudit(repo, user, query, page),
  );

  exportGetter(app, route, config.defaultLanguage)(
    '/audit/export/',
    {
      maxRole,
      summary: 'The audit log of the filters as a file (CSV or xlsx with format, lang es/en)',
      querystring: auditExportQuerySchema,
      response: { 400: errorBodySchema, 403: errorBodySchema },
    },
    async (user, { query }) => {
      const stamp = new Date().toISOString().slice(0, 10);
      const { timeZone, chunks } = await exportAudit(repo, user, query);
      return { table: AUDIT_TABLE, name: { es: `auditoria-${stamp}`, en: `audit-${stamp}` }, rows: chunks, timeZone };
    },
  );

  app.get(
    '/audit/:id/',
    route({ maxRole, summary: 'One audit row with the fields before and after', params: idParamSchema, ok: auditDetailSchema }),
    async (request) => getAudit(repo, currentUser(request), request.params.id),
  );
};
