import { ChallengeKind } from '@rfid/contract';
import { and, count, desc, eq, gt, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, knownClients, loginChallenges, userRecoveryCodes, users } from '../../db/schema/index.js';
import { usersWithCompany } from './auth.repository.js';

/** How many known clients a user keeps (the most recently used). */
export const KNOWN_CLIENTS_KEPT = 20;

/** Known clients: the browsers a user signed in from with the second factor. */
const knownClientQueries = (db: Db) => ({
  /** Whether the hash is a known client of this user; when it is, its last use is now. */
  async touchKnownClient(userId: number, tokenHash: string): Promise<boolean> {
    const rows = await db
      .update(knownClients)
      .set({ lastUsedAt: new Date() })
      .where(and(eq(knownClients.userId, userId), eq(knownClients.tokenHash, tokenHash)))
      .returning({ id: knownClients.id });
    return rows.length > 0;
  },

  /** A new known client of the user, replacing `replaces` (the same browser's older token); the oldest beyond the kept go. */
  async addKnownClient(userId: number, tokenHash: string, replaces?: string): Promise<void> {
    await db.transaction(async (tx) => {
      if (replaces)
        await tx.delete(knownClients).where(and(eq(knownClients.userId, userId), eq(knownClients.tokenHash, replaces)));
      await tx.insert(knownClients).values({ userId, tokenHash });
      const kept = tx
        .select({ id: knownClients.id })
        .from(knownClients)
        .where(eq(knownClients.userId, userId))
        .orderBy(desc(knownClients.lastUsedAt), desc(knownClients.id))
        .limit(KNOWN_CLIENTS_KEPT);
      await tx.delete(knownClients).where(and(eq(knownClients.userId, userId), notInArray(knownClients.id, kept)));
    });
  },
});

/** Sign-in challenges: the second factor still to give after the password. */
const challengeQueries = (db: Db) => ({
  async createChallenge(row: { tokenHash: string; userId: number; data: Record<string, string>; ttlMs: number }) {
    await db.insert(loginChallenges).values({
      tokenHash: row.tokenHash,
      kind: ChallengeKind.Mfa,
      userId: row.userId,
      data: row.data,
      expiresAt: new Date(Date.now() + row.ttlMs),
    });
  },

  /** A second-factor challenge not expired and with tries left, counting this try; undefined otherwise. */
  async tryChallenge(tokenHash: string, maxAttempts: number) {
    const [row] = await db
      .update(loginChallenges)
      .set({ attempts: sql`${loginChallenges.attempts} + 1` })
      .where(
        and(
          eq(loginChallenges.tokenHash, tokenHash),
          eq(loginChallenges.kind, ChallengeKind.Mfa),
          gt(loginChallenges.expiresAt, sql`now()`),
          lt(loginChallenges.attempts, maxAttempts),
        ),
      )
      .returning({ userId: loginChallenges.userId, data: loginChallenges.data });
    return row?.userId ? { userId: row.userId, data: row.data } : undefined;
  },

  async updateChallengeData(tokenHash: string, data: Record<string, string>): Promise<void> {
    await db.update(loginChallenges).set({ data }).where(eq(loginChallenges.tokenHash, tokenHash));
  },

  async deleteChallenge(tokenHash: string): Promise<void> {
    await db.delete(loginChallenges).where(eq(loginChallenges.tokenHash, tokenHash));
  },
});

/** A user's second factor, what checking a code needs (the password for turning it off) and the company's rule. */
const totpUserColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  isActive: users.isActive,
  passwordHash: users.passwordHash,
  totpSecret: users.totpSecret,
  totpEnabledAt: users.totpEnabledAt,
  mfaRequiredAdmins: companies.mfaRequiredAdmins,
};

/** The TOTP second factor of a user and its recovery codes. */
const totpQueries = (db: Db) => ({
  async totpUser(userId: number) {
    const [row] = await usersWithCompany(db, totpUserColumns).where(eq(users.id, userId)).limit(1);
    return row;
  },

  /** A new secret awaiting its first code (only while the second factor is off). */
  async setPendingSecret(userId: number, secret: string): Promise<boolean> {
    const rows = await db
      .update(users)
      .set({ totpSecret: secret })
      .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
      .returning({ id: users.id });
    return rows.length > 0;
  },

  /** The second factor on, with these recovery codes (hashes) instead of any older ones. */
  async enableTotp(userId: number, codeHashes: string[]): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, userId));
      await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
      await tx.insert(userRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
    });
  },

  async disableTotp(userId: number): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ totpSecret: null, totpEnabledAt: null }).where(eq(users.id, userId));
      await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
      await tx
        .delete(loginChallenges)
        .where(and(eq(loginChallenges.userId, userId), inArray(loginChallenges.kind, [ChallengeKind.TotpStep])));
    });
  },

  async replaceRecoveryCodes(userId: number, codeHashes: string[]): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
      await tx.insert(userRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
    });
  },

  /** Uses an unused recovery code of the user: true once, false ever after. */
  async useRecoveryCode(userId: number, codeHash: string): Promise<boolean> {
    const rows = await db
      .update(userRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(eq(userRecoveryCodes.userId, userId), eq(userRecoveryCodes.codeHash, codeHash), isNull(userRecoveryCodes.usedAt)),
      )
      .returning({ id: userRecoveryCodes.id });
    return rows.length > 0;
  },

  async recoveryCodesLeft(userId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(userRecoveryCodes)
      .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
    return Number(row?.n ?? 0);
  },

  /**
   * Accepts a TOTP time step for the user only when it is later than the last accepted one (one row per user,
   * kind totp_step, data.step): a code is never accepted twice, not even by two processes at once.
   */
  async claimStep(userId: number, step: number): Promise<boolean> {
    const rows = await db
      .insert(loginChallenges)
      .values({
        tokenHash: `totp_step:${userId}`,
        kind: ChallengeKind.TotpStep,
        userId,
        data: { step: String(step) },
        expiresAt: sql`now() + interval '1 day'`,
      })
      .onConflictDoUpdate({
        target: loginChallenges.tokenHash,
        set: { data: { step: String(step) }, expiresAt: sql`now() + interval '1 day'` },
        setWhere: sql`(${loginChallenges.data}->>'step')::bigint < ${step}`,
      })
      .returning({ tokenHash: loginChallenges.tokenHash });
    return rows.length > 0;
  },
});

/** The company's rule (second factor required of its administrators). */
const companyRuleQueries = (db: Db) => ({
  async companySecurity(companyId: number) {
    const [row] = await db
      .select({ mfaRequiredAdmins: companies.mfaRequiredAdmins })
      .from(companies)
      .where(eq(companies.id, companyId))
      .limit(1);
    return row;
  },

  async setCompanySecurity(companyId: number, mfaRequiredAdmins: boolean): Promise<void> {
    await db.update(companies).set({ mfaRequiredAdmins }).where(eq(companies.id, companyId));
  },
});

/** Known clients, sign-in challenges, the TOTP second factor and the company's rule (issue 29, docs/security.md). */
export const createMfaRepository = (db: Db) => ({
  ...knownClientQueries(db),
  ...challengeQueries(db),
  ...totpQueries(db),
  ...companyRuleQueries(db),
});
export type MfaRepository = ReturnType<typeof createMfaRepository>;
