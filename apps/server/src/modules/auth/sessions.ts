import { randomBytes } from 'node:crypto';
import type { SessionMethod } from '@rfid/contract';
import type { Db } from '../../db/client.js';
import { hashToken } from '../../plugins/auth.js';
import { createAuthRepository } from './auth.repository.js';

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
  await createAuthRepository(db).insertSession(start, hashToken(token), expiry);
  return { token, expiry: expiry.toISOString() };
};
