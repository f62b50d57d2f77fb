import type { Db } from '../../db/client.js';
import { createAuthRepository } from '../../modules/auth/auth.repository.js';
import { createMfaRepository } from '../../modules/auth/mfa.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';

export const authCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('auth.auth', 'modules/auth/auth.repository.ts', createAuthRepository(db), {
    findUserByEmail: ['email'],
    insertSession: [
      { userId: 1, method: 'password', ip: 'ip', userAgent: 'userAgent' },
      'tokenHash',
      new Date('2026-01-01T00:00:00.000Z'),
    ],
    deleteToken: ['tokenHash'],
    findIdentity: [1],
    failureStates: [['key'], 1],
    recordFailures: [['key'], 1],
    clearFailures: [['key']],
  });

export const mfaCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('auth.mfa', 'modules/auth/mfa.repository.ts', createMfaRepository(db), {
    touchKnownClient: [1, 'tokenHash'],
    addKnownClient: [1, 'tokenHash'],
    createChallenge: [{ tokenHash: 'tokenHash', userId: 1, data: {}, ttlMs: 1 }],
    tryChallenge: ['tokenHash', 1],
    updateChallengeData: ['tokenHash', {}],
    deleteChallenge: ['tokenHash'],
    totpUser: [1],
    setPendingSecret: [1, 'secret'],
    enableTotp: [1, ['codeHashe']],
    disableTotp: [1],
    replaceRecoveryCodes: [1, ['codeHashe']],
    useRecoveryCode: [1, 'codeHash'],
    recoveryCodesLeft: [1],
    claimStep: [1, 1],
    companySecurity: [1],
    setCompanySecurity: [1, true],
  });
