import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { apiTokens, companies, loginFailures, sessionActivity, users } from '../../db/schema/index.js';
import type { SessionStart } from './sessions.js';

/**
 * Users joined with their company, with `columns` of both: what the signed-in identity (findIdentity) and the second
 * factor (mfa.repository.ts, totpUser) read of a user.
 */
export const usersWithCompany = <S extends SelectedFields>(db: Db, columns: S) =>
  db.select(columns).from(users).innerJoin(companies, eq(companies.id, users.companyId));

/** A signed-in user's identity: who they are, their role and their company. */
const identityColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  editor: users.editor,
  companyId: companies.id,
  companyName: companies.name,
};

export const createAuthRepository = (db: Db) => ({
  async findUserByEmail(email: string) {
    const [row] = await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1);
    return row;
  },
  /** A new session: its token row, its first use now (session_activity), and the user's last sign-in. */
  async insertSession(start: SessionStart, tokenHash: string, expiresAt: Date): Promise<void> {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(apiTokens)
        .values({
          userId: start.userId,
          tokenHash,
          expiresAt,
          method: start.method,
          ip: start.ip.slice(0, 100),
          userAgent: start.userAgent.slice(0, 400),
        })
        .returning({ id: apiTokens.id });
      if (row) await tx.insert(sessionActivity).values({ tokenId: row.id });
      await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, start.userId));
    });
  },
  async deleteToken(tokenHash: string): Promise<void> {
    await db.delete(apiTokens).where(eq(apiTokens.tokenHash, tokenHash));
  },
  async findIdentity(userId: number) {
    const [row] = await usersWithCompany(db, identityColumns).where(eq(users.id, userId)).limit(1);
    return row;
  },

  /* ------------------------------------------- failed sign-ins (login-throttle.ts), on the database's clock */

  /** Each key's failures and the seconds since its last one, within the window (login-throttle.ts). */
  async failureStates(keys: string[], forgetMs: number) {
    const rows = await db
      .select({
        key: loginFailures.key,
        failures: loginFailures.failures,
        secondsSinceLast: sql<number>`extract(epoch from now() - ${loginFailures.since})::float8`,
      })
      .from(loginFailures)
      .where(
        and(inArray(loginFailures.key, keys), gt(loginFailures.since, sql`now() - make_interval(secs => ${forgetMs / 1000})`)),
      );
    return rows.map((r) => ({ key: r.key, failures: r.failures, secondsSinceLast: Number(r.secondsSinceLast) }));
  },

  /** One more failure for each key, its last now (a count older than the window starts again); rows past it go. */
  async recordFailures(keys: string[], forgetMs: number): Promise<void> {
    const windowStart = sql`now() - make_interval(secs => ${forgetMs / 1000})`;
    await db.delete(loginFailures).where(sql`${loginFailures.since} <= ${windowStart}`);
    if (keys.length === 0) return;
    await db
      .insert(loginFailures)
      .values(keys.map((key) => ({ key, failures: 1, since: sql`now()` })))
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          failures: sql`case when ${loginFailures.since} <= ${windowStart} then 1 else ${loginFailures.failures} + 1 end`,
          since: sql`now()`,
        },
      });
  },

  async clearFailures(keys: string[]): Promise<void> {
    if (keys.length > 0) await db.delete(loginFailures).where(inArray(loginFailures.key, keys));
  },
});
