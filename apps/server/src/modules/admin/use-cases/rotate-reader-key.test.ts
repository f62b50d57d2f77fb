import { describe, expect, it } from 'vitest';
import { createRotateReaderKey, type RotateReaderKeyRepository } from './rotate-reader-key.js';
import { READER_CHANGED } from './update-reader.js';
import { raceableRecord, readerRow, testUser, type VersionedCase, versionedEditRules } from './use-case-fixtures.js';

const setup = (): VersionedCase & { keys: string[] } => {
  const { record, ...reads } = raceableRecord(readerRow);
  const keys: string[] = [];
  const repo: RotateReaderKeyRepository = {
    get: reads.read,
    rotateKey: async (_id, hash, expected) => record.write(hash, expected),
  };
  const newKey = () => {
    keys.push(`key-${keys.length + 1}`);
    return { key: `key-${keys.length}`, hash: `hash-${keys.length}` };
  };
  const rotate = createRotateReaderKey({ repo, newKey });
  return {
    record,
    ...reads,
    keys,
    run: (version) => rotate({ user: testUser(), id: 7, version }),
  };
};

describe('rotate reader key (use case)', () => {
  for (const [name, rule] of Object.entries(versionedEditRules(setup, { stale: READER_CHANGED }))) it(name, rule);

  it('answers the key whose hash it stored, with the new version', async () => {
    const { run, record } = setup();
    expect(await run(3)).toEqual({ id: 7, device_key: 'key-1', version: 4 });
    expect(record.state.writes).toEqual(['hash-1']);
  });

  it('of two rotations from one version, the second writes nothing and answers no key', async () => {
    const { run, record } = setup();
    const first = run(3);
    const second = run(3);
    const outcomes = await Promise.allSettled([first, second]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
    expect(record.state.writes).toEqual(['hash-1']);
  });
});
