import { randomBytes } from 'node:crypto';
import type { SessionMethod } from '@rfid/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { apiTokens, sessionActivity, users } from '../../db/schema/index.js';
import { hashToken } from '../../plugins/auth.js';

/** Where and how a session begins (issue 29): shown in the user's list of sessions. */
export type SessionStart = { userId: number; method: SessionMethod; ip: string; userAgent: string };

/** A session's token (shown once) and its absolute end. */
export type IssuedSession = { token: string; expiry: string };

/**
 * The one place a session is made (password sign-in, the second factor's step, single sign-on): a random token whose
 * SHA-256 is stored, an absolute end `maxMs` from now, and its first use now (session_activity: the idle end).
 */
export const issueSession = async (db: Db, start: SessionStart, maxMs: number): Promise<IssuedSession> => {
  const token = randomBytes(20).toString('hex');
  const expiry = new Date(Date.now() + maxMs);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiTokens)
      .values({
        userId: start.userId,
        tokenHash: hashToken(token),
        expiresAt: expiry,
        method: start.method,
        ip: start.ip.slice(0, 100),
        userAgent: start.userAgent.slice(0, 400),
      })
      .returning({ id: apiTokens.id });
    if (row) await tx.insert(sessionActivity).values({ tokenId: row.id });
    await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, start.userId));
  });
  return { token, expiry: expiry.toISOString() };
};
