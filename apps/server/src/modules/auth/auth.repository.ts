import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { apiTokens, companies, users } from '../../db/schema/index.js';

export const createAuthRepository = (db: Db) => ({
  async findUserByEmail(email: string) {
    const [row] = await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1);
    return row;
  },
  async insertToken(userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
    await db.insert(apiTokens).values({ userId, tokenHash, expiresAt });
  },
  async deleteToken(tokenHash: string): Promise<void> {
    await db.delete(apiTokens).where(eq(apiTokens.tokenHash, tokenHash));
  },
  async findIdentity(userId: number) {
    const [row] = await db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        editor: users.editor,
        companyId: companies.id,
        companyName: companies.name,
      })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.id, userId))
      .limit(1);
    return row;
  },
});
