import { ChallengeKind, type SessionMethod } from '@rfid/contract';
import { and, desc, eq, gt, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { apiTokens, loginChallenges, sessionActivity } from '../../db/schema/index.js';
import { lastSeenOf } from '../../plugins/auth.js';

/** A session (api_tokens row) as its user's list reads it. */
export type SessionRow = {
  id: number;
  method: SessionMethod;
  ip: string;
  userAgent: string;
  createdAt: Date;
  /** Its last noted use (session_activity), else its sign-in. */
  lastSeenAt: Date;
  expiresAt: Date;
};

/** A live stream's ticket, kept by its SHA-256: whose it is and the session it was asked from. */
export type StreamTicketRow = { userId: number; sessionId: number };

export type SessionsRepository = {
  /** The user's sessions still open at `now` (before their absolute end, used after `idleSince`), newest first. */
  listOfUser(userId: number, now: Date, idleSince: Date): Promise<SessionRow[]>;
  /** Ends one session of the user (false: no such session of theirs). Every process forgets it (api_tokens' trigger). */
  revoke(userId: number, id: number): Promise<boolean>;
  /** Ends every session of the user but `keepId`; how many. */
  revokeOthers(userId: number, keepId: number): Promise<number>;
  /** Keeps a stream ticket (its hash) until `expiresAt`. */
  insertTicket(tokenHash: string, ticket: StreamTicketRow, expiresAt: Date): Promise<void>;
  /** Takes (deletes) an unexpired stream ticket: it opens one stream only. */
  takeTicket(tokenHash: string, now: Date): Promise<StreamTicketRow | undefined>;
  /** Deletes sessions past their absolute or idle end, and expired stream tickets; how many sessions. */
  pruneEnded(now: Date, idleSince: Date): Promise<number>;
};

const SESSION_ID_KEY = 'session_id';

const methodOf = (value: string): SessionMethod => (value === 'oidc' ? 'oidc' : 'password');

export const createSessionsRepository = (db: DbOrTx): SessionsRepository => ({
  async listOfUser(userId, now, idleSince) {
    const rows = await db
      .select({
        id: apiTokens.id,
        method: apiTokens.method,
        ip: apiTokens.ip,
        userAgent: apiTokens.userAgent,
        createdAt: apiTokens.createdAt,
        lastSeenAt: lastSeenOf,
        expiresAt: apiTokens.expiresAt,
      })
      .from(apiTokens)
      .leftJoin(sessionActivity, eq(sessionActivity.tokenId, apiTokens.id))
      .where(
        and(
          eq(apiTokens.userId, userId),
          gt(apiTokens.expiresAt, now),
          sql`${lastSeenOf} > ${idleSince.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(desc(apiTokens.id));
    return rows.map((row) => ({ ...row, method: methodOf(row.method) }));
  },
  async revoke(userId, id) {
    const gone = await db
      .delete(apiTokens)
      .where(and(eq(apiTokens.userId, userId), eq(apiTokens.id, id)))
      .returning({ id: apiTokens.id });
    return gone.length > 0;
  },
  async revokeOthers(userId, keepId) {
    const gone = await db
      .delete(apiTokens)
      .where(and(eq(apiTokens.userId, userId), ne(apiTokens.id, keepId)))
      .returning({ id: apiTokens.id });
    return gone.length;
  },
  async insertTicket(tokenHash, { userId, sessionId }, expiresAt) {
    await db.insert(loginChallenges).values({
      tokenHash,
      kind: ChallengeKind.Stream,
      userId,
      data: { [SESSION_ID_KEY]: String(sessionId) },
      expiresAt,
    });
  },
  async takeTicket(tokenHash, now) {
    const [row] = await db
      .delete(loginChallenges)
      .where(and(eq(loginChallenges.tokenHash, tokenHash), eq(loginChallenges.kind, ChallengeKind.Stream)))
      .returning({ userId: loginChallenges.userId, data: loginChallenges.data, expiresAt: loginChallenges.expiresAt });
    const sessionId = Number(row?.data[SESSION_ID_KEY]);
    if (!row || row.userId === null || !Number.isInteger(sessionId) || row.expiresAt <= now) return undefined;
    return { userId: row.userId, sessionId };
  },
  async pruneEnded(now, idleSince) {
    const idle = db
      .select({ id: sessionActivity.tokenId })
      .from(sessionActivity)
      .where(lte(sessionActivity.lastSeenAt, idleSince));
    const gone = await db
      .delete(apiTokens)
      .where(
        or(
          lte(apiTokens.expiresAt, now),
          inArray(apiTokens.id, idle),
          // A session without an activity row: its sign-in is its last use.
          and(
            lte(apiTokens.createdAt, idleSince),
            sql`not exists (select 1 from ${sessionActivity} where ${sessionActivity.tokenId} = ${apiTokens.id})`,
          ),
        ),
      )
      .returning({ id: apiTokens.id });
    await db
      .delete(loginChallenges)
      .where(and(eq(loginChallenges.kind, ChallengeKind.Stream), lte(loginChallenges.expiresAt, now)));
    return gone.length;
  },
});
