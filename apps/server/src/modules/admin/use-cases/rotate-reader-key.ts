import type { ReaderKey } from '@rfid/contract';
import type { VersionedWrite } from '../../../db/versions.js';
import { requireFresh, type VersionedTarget, writtenVersion } from '../../../http/versions.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { ReaderRow } from '../readers.repository.js';
import { newDeviceKey } from '../readers.service.js';
import { READER_MESSAGES } from './update-reader.js';

/** What rotating a reader's key reads and writes. */
export type RotateReaderKeyRepository = {
  get(user: AuthUser, id: number): Promise<ReaderRow | undefined>;
  /** One statement: the key's hash and version + 1, only from `expected` when given (the row locked till it commits). */
  rotateKey(id: number, deviceKeyHash: string, expected: number | undefined): Promise<VersionedWrite>;
};

/** The version is the one the rotation was asked from (If-Match or the body's); undefined: the reader as it is now. */
export type RotateReaderKeyInput = VersionedTarget;

/**
 * POST /api/readers/{id}/rotate_key/: a new device key in one statement; the old key stops working. Of two rotations
 * from one version exactly one writes its key and answers it; the other changes nothing and answers 409. A rotation
 * that names no version takes the row as it is then, and answers the key it stored (docs/concurrency.md).
 */
export const createRotateReaderKey =
  ({ repo, newKey = newDeviceKey }: { repo: RotateReaderKeyRepository; newKey?: () => { key: string; hash: string } }) =>
  async ({ user, id, version }: RotateReaderKeyInput): Promise<ReaderKey> => {
    requireFresh(await repo.get(user, id), version, READER_MESSAGES);
    const { key, hash } = newKey();
    const written = writtenVersion(await repo.rotateKey(id, hash, version), READER_MESSAGES);
    return { id, device_key: key, version: written };
  };
