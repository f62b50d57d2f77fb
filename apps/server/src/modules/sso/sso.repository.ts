import type { ChallengeKind } from '@rfid/contract';
import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { companySso, locations, loginChallenges, userLocations, users } from '../../db/schema/index.js';

/** A company's single sign-on configuration as stored (company_sso). */
export type SsoConfigRow = {
  companyId: number;
  enabled: boolean;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  domains: string[];
  roleClaim: string;
  roleMap: Record<string, number>;
  defaultRole: number | null;
  locationsClaim: string;
  locationMap: Record<string, string[]>;
  jitUsers: boolean;
  ssoOnly: boolean;
};

/** A pending step kept in login_challenges (its token's SHA-256, never the token). */
export type Challenge = {
  tokenHash: string;
  kind: ChallengeKind;
  companyId: number | null;
  userId: number | null;
  data: Record<string, string>;
  expiresAt: Date;
};

/** A user as single sign-on reads it. */
export type SsoUser = {
  id: number;
  companyId: number;
  email: string;
  role: number;
  isActive: boolean;
  oidcIssuer: string | null;
  oidcSubject: string | null;
};

export type NewSsoUser = {
  companyId: number;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  oidcIssuer: string;
  oidcSubject: string;
};

export type SsoRepository = {
  getConfig: (companyId: number) => Promise<SsoConfigRow | undefined>;
  /** Inserts or replaces the company's configuration. */
  saveConfig: (row: SsoConfigRow) => Promise<void>;
  /** The enabled configuration, of any company, that lists `domain`. */
  findEnabledByDomain: (domain: string) => Promise<SsoConfigRow | undefined>;
  /** Other companies' configurations that list one of `domains` (their domains). */
  domainsOfOthers: (companyId: number, domains: string[]) => Promise<string[]>;
  saveChallenge: (challenge: Challenge) => Promise<void>;
  /** Removes the expired challenges of these kinds (requests never answered, codes never exchanged). */
  deleteExpired: (kinds: ChallengeKind[], now: Date) => Promise<void>;
  /** Removes the challenge and answers it (once: a second take of it, in any process, finds nothing). */
  takeChallenge: (tokenHash: string, kind: ChallengeKind) => Promise<Challenge | undefined>;
  findUserBySubject: (issuer: string, subject: string) => Promise<SsoUser | undefined>;
  findUserByEmail: (email: string) => Promise<SsoUser | undefined>;
  findUserById: (id: number) => Promise<SsoUser | undefined>;
  bindUser: (userId: number, issuer: string, subject: string) => Promise<void>;
  createUser: (user: NewSsoUser) => Promise<number>;
  /** Sets the user's role and its locations (those of the user's company among `locationIds`). */
  setAccess: (userId: number, access: { role: number; editor: boolean; locationIds: number[] }) => Promise<void>;
  /** The ids of the company's locations with these codes. */
  locationIdsByCodes: (companyId: number, codes: string[]) => Promise<number[]>;
};

const userColumns = {
  id: users.id,
  companyId: users.companyId,
  email: users.email,
  role: users.role,
  isActive: users.isActive,
  oidcIssuer: users.oidcIssuer,
  oidcSubject: users.oidcSubject,
};

const configColumns = {
  companyId: companySso.companyId,
  enabled: companySso.enabled,
  issuer: companySso.issuer,
  clientId: companySso.clientId,
  clientSecret: companySso.clientSecret,
  scopes: companySso.scopes,
  domains: companySso.domains,
  roleClaim: companySso.roleClaim,
  roleMap: companySso.roleMap,
  defaultRole: companySso.defaultRole,
  locationsClaim: companySso.locationsClaim,
  locationMap: companySso.locationMap,
  jitUsers: companySso.jitUsers,
  ssoOnly: companySso.ssoOnly,
};

export const createSsoRepository = (db: DbOrTx): SsoRepository => ({
  async getConfig(companyId) {
    const [row] = await db.select(configColumns).from(companySso).where(eq(companySso.companyId, companyId)).limit(1);
    return row;
  },
  async saveConfig(row) {
    const { companyId, ...values } = row;
    await db
      .insert(companySso)
      .values(row)
      .onConflictDoUpdate({ target: companySso.companyId, set: { ...values, version: sql`${companySso.version} + 1` } });
  },
  async findEnabledByDomain(domain) {
    const [row] = await db
      .select(configColumns)
      .from(companySso)
      .where(and(eq(companySso.enabled, true), sql`${companySso.domains} @> ${JSON.stringify([domain])}::jsonb`))
      .orderBy(companySso.companyId)
      .limit(1);
    return row;
  },
  async domainsOfOthers(companyId, domains) {
    if (!domains.length) return [];
    const rows = await db
      .select({ domains: companySso.domains })
      .from(companySso)
      .where(and(ne(companySso.companyId, companyId), sql`${companySso.domains} ?| ${sql.param(domains)}::text[]`));
    const wanted = new Set(domains);
    return [...new Set(rows.flatMap((r) => r.domains.filter((d) => wanted.has(d))))];
  },
  async saveChallenge(c) {
    await db.insert(loginChallenges).values({
      tokenHash: c.tokenHash,
      kind: c.kind,
      companyId: c.companyId,
      userId: c.userId,
      data: c.data,
      expiresAt: c.expiresAt,
    });
  },
  async deleteExpired(kinds, now) {
    await db.delete(loginChallenges).where(and(inArray(loginChallenges.kind, kinds), lt(loginChallenges.expiresAt, now)));
  },
  async takeChallenge(tokenHash, kind) {
    const [row] = await db
      .delete(loginChallenges)
      .where(and(eq(loginChallenges.tokenHash, tokenHash), eq(loginChallenges.kind, kind)))
      .returning({
        tokenHash: loginChallenges.tokenHash,
        companyId: loginChallenges.companyId,
        userId: loginChallenges.userId,
        data: loginChallenges.data,
        expiresAt: loginChallenges.expiresAt,
      });
    return row ? { ...row, kind } : undefined;
  },
  async findUserBySubject(issuer, subject) {
    const [row] = await db
      .select(userColumns)
      .from(users)
      .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, subject)))
      .limit(1);
    return row;
  },
  async findUserByEmail(email) {
    const [row] = await db
      .select(userColumns)
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1);
    return row;
  },
  async findUserById(id) {
    const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
    return row;
  },
  async bindUser(userId, issuer, subject) {
    await db.update(users).set({ oidcIssuer: issuer, oidcSubject: subject }).where(eq(users.id, userId));
  },
  async createUser(user) {
    const [row] = await db
      .insert(users)
      .values({ ...user, role: 5, editor: false })
      .returning({ id: users.id });
    if (!row) throw new Error('user not inserted');
    return row.id;
  },
  async setAccess(userId, { role, editor, locationIds }) {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ role, editor }).where(eq(users.id, userId));
      await tx.delete(userLocations).where(eq(userLocations.userId, userId));
      if (locationIds.length) {
        await tx.insert(userLocations).values(locationIds.map((locationId) => ({ userId, locationId })));
      }
    });
  },
  async locationIdsByCodes(companyId, codes) {
    if (!codes.length) return [];
    const rows = await db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.companyId, companyId), inArray(locations.code, codes)));
    return rows.map((r) => r.id);
  },
});
