import { fakeInsert } from '../../../test/fake-insert.js';
import type { Challenge, NewSsoUser, SsoConfigRow, SsoRepository, SsoUser } from '../sso.repository.js';

/** Company 1's configuration of the fakes (enabled, groups → roles and locations). */
export const CONFIG: SsoConfigRow = {
  companyId: 1,
  enabled: true,
  issuer: 'https://idp.example.com',
  clientId: 'rfid',
  clientSecret: 'stored-secret-4711',
  scopes: 'openid email profile',
  domains: ['example.com'],
  roleClaim: 'groups',
  roleMap: { admins: 1, editors: 3, viewers: 5 },
  defaultRole: null,
  locationsClaim: 'groups',
  locationMap: { madrid: ['T-MAD-01'], both: ['T-MAD-01', 'T-BCN-01'] },
  jitUsers: true,
  ssoOnly: false,
};

/** Location code → id of company 1 (company 2 has X-CD-1). */
const CODES: Record<number, Record<string, number>> = { 1: { 'T-MAD-01': 2, 'T-BCN-01': 3 }, 2: { 'X-CD-1': 9 } };

/** A user of company 1 as the SSO repository reads it: active, not bound to a provider (`over` changes it). */
export const ssoUser = (over: Partial<SsoUser> = {}): SsoUser => ({
  id: 7,
  companyId: 1,
  email: 'marta@example.com',
  role: 2,
  isActive: true,
  oidcIssuer: null,
  oidcSubject: null,
  ...over,
});

/** An in-memory SSO repository: configurations, challenges, users and what was written. */
export const fakeSsoRepo = (configs: SsoConfigRow[] = [CONFIG], people: SsoUser[] = []) => {
  const challenges = new Map<string, Challenge>();
  const saved: SsoConfigRow[] = [];
  const created: NewSsoUser[] = [];
  const access: { userId: number; role: number; editor: boolean; locationIds: number[] }[] = [];
  const bound: { userId: number; issuer: string; subject: string }[] = [];
  const repo: SsoRepository = {
    getConfig: async (companyId) => configs.find((c) => c.companyId === companyId),
    saveConfig: async (row) => {
      saved.push(row);
    },
    findEnabledByDomain: async (domain) => configs.find((c) => c.enabled && c.domains.includes(domain)),
    domainsOfOthers: async (companyId, domains) =>
      configs.filter((c) => c.companyId !== companyId).flatMap((c) => c.domains.filter((d) => domains.includes(d))),
    saveChallenge: async (c) => {
      challenges.set(c.tokenHash, c);
    },
    deleteExpired: async (kinds, now) => {
      for (const [hash, c] of challenges) if (kinds.includes(c.kind) && c.expiresAt < now) challenges.delete(hash);
    },
    takeChallenge: async (hash, kind) => {
      const c = challenges.get(hash);
      if (!c || c.kind !== kind) return undefined;
      challenges.delete(hash);
      return c;
    },
    findUserBySubject: async (issuer, subject) => people.find((p) => p.oidcIssuer === issuer && p.oidcSubject === subject),
    findUserByEmail: async (email) => people.find((p) => p.email.toLowerCase() === email.toLowerCase()),
    findUserById: async (id) => people.find((p) => p.id === id),
    bindUser: async (userId, issuer, subject) => {
      bound.push({ userId, issuer, subject });
    },
    createUser: fakeInsert(created, people, 500, (user, id) => ({
      id,
      companyId: user.companyId,
      email: user.email,
      role: 5,
      isActive: true,
      oidcIssuer: user.oidcIssuer,
      oidcSubject: user.oidcSubject,
    })),
    setAccess: async (userId, a) => {
      access.push({ userId, ...a });
    },
    locationIdsByCodes: async (companyId, codes) =>
      codes.map((c) => CODES[companyId]?.[c]).filter((id): id is number => id !== undefined),
  };
  return { repo, challenges, saved, created, access, bound, people };
};
