import { versionTag } from '@rfid/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { VersionedWrite } from '../db/versions.js';
import type { Language, MessageArg } from '../i18n/messages.js';
import type { AuthUser } from '../plugins/auth.js';
import { AppError, type ErrorBody, fieldError, notFound } from './errors.js';

/**
 * Optimistic concurrency of the records an admin edits (docs/concurrency.md): each answer of one record carries its
 * version as `ETag: "<version>"`; an edit names the version it was made from with `If-Match` and/or `version` in its
 * body, and one that names an older version is refused (409) without changing anything.
 */

export const IF_MATCH_INVALID = 'common.if_match_invalid';
export const VERSION_DISAGREES = 'common.version_disagrees';

/** `"7"` (or a bare `7`, or a weak `W/"7"`: one tag only) → 7; `*` → undefined (any version); else a 400. */
export const parseIfMatch = (header: string | undefined): number | undefined => {
  const value = header?.trim();
  if (value === undefined || value === '' || value === '*') return undefined;
  const match = /^(?:W\/)?"?(\d{1,10})"?$/.exec(value);
  const version = match ? Number(match[1]) : Number.NaN;
  if (!Number.isSafeInteger(version) || version < 1 || version > 2_147_483_647) throw fieldError('If-Match', IF_MATCH_INVALID);
  return version;
};

/**
 * The version an edit was made from: its `If-Match` header and its body's `version`, which must agree when both are
 * sent; undefined when neither is (an unconditional edit, as before versions existed).
 */
export const expectedVersion = (request: FastifyRequest, bodyVersion?: number | undefined): number | undefined => {
  const header = request.headers['if-match'];
  const fromHeader = parseIfMatch(Array.isArray(header) ? header.join(',') : header);
  if (fromHeader !== undefined && bodyVersion !== undefined && fromHeader !== bodyVersion) {
    throw fieldError('version', VERSION_DISAGREES);
  }
  return fromHeader ?? bodyVersion;
};

/** Sets the answer's `ETag` to the record's version and hands the record back. */
export const withVersionTag = <T extends { version: number }>(reply: FastifyReply, record: T): T => {
  reply.header('etag', versionTag(record.version));
  return record;
};

/**
 * An edit made from an older version of the record (409): `message` names the record ("someone else changed this
 * reader"); the answer carries the record's version now (`current_version`, and ETag).
 */
export class StaleVersionError extends AppError {
  readonly currentVersion: number;
  constructor(message: MessageArg, currentVersion: number) {
    super('CONFLICT', { message });
    this.currentVersion = currentVersion;
  }
  override body(language: Language): ErrorBody {
    return { ...super.body(language), current_version: this.currentVersion };
  }
  override get headers(): Record<string, string> {
    return { etag: versionTag(this.currentVersion) };
  }
}

/** The messages of one kind of record: someone else changed it (409), it is not there (404). */
export type VersionMessages = { stale: MessageArg; missing: MessageArg };

/** What a versioned edit of a record gets: who asks, the record, and the version it was made from (undefined: none). */
export type VersionedTarget = { user: AuthUser; id: number; version: number | undefined };
/** A versioned edit with its body (typed by the contract's schema). */
export type VersionedEdit<B> = VersionedTarget & { body: B };

/** The record read, or its 404. */
export const requireFound = <R>(row: R | undefined, { missing }: VersionMessages): R => {
  if (!row) throw notFound(missing);
  return row;
};

/**
 * The record read, refused early (before costly checks) when the edit's version is already older than its own (409);
 * the write checks it again, in its statement.
 */
export const requireFresh = <R extends { version: number }>(
  row: R | undefined,
  expected: number | undefined,
  messages: VersionMessages,
): R => {
  const found = requireFound(row, messages);
  if (expected !== undefined && expected !== found.version) throw new StaleVersionError(messages.stale, found.version);
  return found;
};

/** The new version of a versioned write, or the error its refusal answers (409 stale, 404 gone). */
export const writtenVersion = (outcome: VersionedWrite, { stale, missing }: VersionMessages): number => {
  if ('written' in outcome) return outcome.written;
  if ('stale' in outcome) throw new StaleVersionError(stale, outcome.stale);
  throw notFound(missing);
};
