import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_SHOWN_CHARS, ApiKeyAccess, Role } from '@rfid/contract';
import type { AuthUser } from '../../plugins/auth.js';
import type { ActiveKey } from './api-keys.repository.js';

/**
 * API keys (issue 27, docs/integrations.md), free of HTTP and SQL.
 *
 * A key acts as an integration of its company: scoped to its locations (null: all of them), with the role that its
 * access maps to. A read key is a visualizer (role 5: it reads what the stock screens show, and the auth plugin refuses
 * it any method but GET, HEAD and OPTIONS); a write key is a location editor (role 3: it writes what a store's editor
 * writes, in its locations only). Neither reaches the administration (users, keys, webhooks, locations, readers …: roles
 * 1–2), nor the routes of a user's own session (identity, logout).
 */
export const API_KEY_ROLE: Record<ApiKeyAccess, number> = {
  [ApiKeyAccess.Read]: Role.Visualizer,
  [ApiKeyAccess.Write]: Role.LocationEditor,
};

/** A key's use is noted at most this often (the list's "last used"). */
export const KEY_TOUCH_INTERVAL_MS = 60_000;

/** The SHA-256 (hex) a key is kept and looked up by. */
export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** Whether a credential looks like a key (`rfid_` and base64url): anything else is never looked up as one. */
export const looksLikeApiKey = (credential: string): boolean =>
  credential.startsWith(API_KEY_PREFIX) && /^[A-Za-z0-9_-]{20,100}$/.test(credential);

export type GeneratedKey = { key: string; prefix: string; keyHash: string };

/** A new key: `rfid_` and 32 random bytes (base64url); its first characters name it, its hash finds it. */
export const generateApiKey = (random: (size: number) => Buffer = randomBytes): GeneratedKey => {
  const key = `${API_KEY_PREFIX}${random(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, API_KEY_SHOWN_CHARS), keyHash: hashApiKey(key) };
};

/**
 * The request's user of an active key: the key's company and locations, its access's role, acting for (and writing
 * as) the user who created it. null when it has no creator to act for.
 */
export const keyUser = (key: ActiveKey, keyHash: string): AuthUser | null => {
  if (key.createdBy === null) return null;
  return {
    id: key.createdBy,
    companyId: key.companyId,
    role: API_KEY_ROLE[key.access],
    editor: false,
    email: `api-key:${key.prefix}`,
    locationIds: key.locationIds,
    assignedLocationIds: key.locationIds ?? [],
    tokenHash: keyHash,
    apiKey: { id: key.id, access: key.access },
  };
};
