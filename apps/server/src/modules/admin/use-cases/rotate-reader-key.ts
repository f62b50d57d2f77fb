import type { ReaderKey } from '@rfid/contract';
import type { VersionedWrite } from '../../../db/versions.js';
import { notFound } from '../../../http/errors.js';
import { assertFresh, writtenVersion } from '../../../http/versions.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { ReaderRow } from '../readers.repository.js';
import { newDeviceKey } from '../readers.service.js';
import { READER_CHANGED, READER_NOT_FOUND } from './update-reader.js';

/** What rotating a reader's key reads and writes. */
export type RotateReaderKeyRepository = {
  get(user: AuthUser, id: number): Promise<ReaderRow | undefined>;
  /** One statement: the key's hash and version + 1, only from `expected` when given (the row locked till it commits). */
  rotateKey(id: number, deviceKeyHash: string, expected: number | undefined): Promise<VersionedWrite>;
};

export type RotateReaderKeyInput = {
  user: AuthUser;
  id: number;
  /** The version the rotation was asked from (If-Match or the body's); undefined: whatever the reader has now. */
  version: number | undefined;
};

/**
 * POST /api/readers/{id}/rotate_key/: a new device key in one statement; the old key stops working. Of two rotations
 * from one version exactly one writes its key and answers it; the other changes nothing and answers 409. A rotation
 * that names no version takes the row as it is then, and answers the key it stored (docs/concurrency.md).
 */
export const createRotateReaderKey =
  ({ repo, newKey = newDeviceKey }: { repo: RotateReaderKeyRepository; newKey?: () => { key: string; hash: string } }) =>
  async ({ user, id, version }: RotateReaderKeyInput): Promise<ReaderKey> => {
    const current = await repo.get(user, id);
    if (!current) throw notFound(READER_NOT_FOUND);
    assertFresh(version, current.version, READER_CHANGED);
    const { key, hash } = newKey();
    const outcome = await repo.rotateKey(id, hash, version);
    const written = writtenVersion(outcome, { stale: READER_CHANGED, notFound: () => notFound(READER_NOT_FOUND) });
    return { id, device_key: key, version: written };
  };
