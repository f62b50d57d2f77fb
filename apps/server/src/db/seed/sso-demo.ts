import { eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { companySso, users } from '../schema/index.js';

/**
 * An example single sign-on of the demo company (issue 29, docs/sso.md), switched off: the administrator sees on
 * /administrador/sso how a Microsoft Entra ID tenant would be set up (its issuer form, groups → roles and locations),
 * and turns it on with the tenant's own values. Its domain is not the demo users' one: their passwords keep working.
 */
export const seedSsoDemo = async (db: Db): Promise<void> => {
  const [admin] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.email, 'admin@demo.local'));
  if (!admin) return;
  await db
    .insert(companySso)
    .values({
      companyId: admin.companyId,
      enabled: false,
      issuer: 'https://login.microsoftonline.com/00000000-0000-0000-0000-000000000000/v2.0',
      clientId: '00000000-0000-0000-0000-000000000000',
      scopes: 'openid email profile',
      domains: ['ejemplo-sso.example'],
      roleClaim: 'groups',
      roleMap: { 'RFID-Administradores': 1, 'RFID-Marca': 2, 'RFID-Editores': 3, 'RFID-Impresion': 4, 'RFID-Consulta': 5 },
      defaultRole: null,
      locationsClaim: 'groups',
      locationMap: { 'Tienda-Madrid': ['T-MAD-01'], 'Tienda-Barcelona': ['T-BCN-01'], 'Centro-Madrid': ['CD-MAD'] },
      jitUsers: true,
      ssoOnly: false,
    })
    .onConflictDoNothing();
};
