import type { Db } from '../../db/client.js';
import { createSsoRepository } from '../../modules/sso/sso.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';

export const ssoCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('sso.sso', 'modules/sso/sso.repository.ts', createSsoRepository(db), {
    getConfig: [1],
    saveConfig: [
      {
        companyId: 1,
        enabled: true,
        issuer: 'issuer',
        clientId: 'clientId',
        clientSecret: 'clientSecret',
        scopes: 'scopes',
        domains: ['domain'],
        roleClaim: 'roleClaim',
        roleMap: {},
        defaultRole: 1,
        locationsClaim: 'locationsClaim',
        locationMap: {},
        jitUsers: true,
        ssoOnly: true,
      },
    ],
    findEnabledByDomain: ['domain'],
    domainsOfOthers: [1, ['domain']],
    saveChallenge: [
      {
        tokenHash: 'tokenHash',
        kind: 'oidc',
        companyId: 1,
        userId: 1,
        data: {},
        expiresAt: new Date('2026-01-01T00:00:00.000Z'),
      },
    ],
    deleteExpired: [['oidc'], new Date('2026-01-01T00:00:00.000Z')],
    takeChallenge: ['tokenHash', 'oidc'],
    findUserBySubject: ['issuer', 'subject'],
    findUserByEmail: ['email'],
    findUserById: [1],
    bindUser: [1, 'issuer', 'subject'],
    createUser: [
      {
        companyId: 1,
        email: 'email',
        firstName: 'firstName',
        lastName: 'lastName',
        passwordHash: 'passwordHash',
        oidcIssuer: 'oidcIssuer',
        oidcSubject: 'oidcSubject',
      },
    ],
    setAccess: [1, { role: 1, editor: true, locationIds: [1] }],
    locationIdsByCodes: [1, ['code']],
  });
