import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { fakeEpcisRepo } from './epcis-store-fixtures.js';
import { listVocabulary } from './list-vocabulary.js';

const user = testUser();
const b64 = (text: string) => Buffer.from(text).toString('base64url');

describe("list a vocabulary's values (use case)", () => {
  it('reads one more than a page and answers the next page as the last value, opaque', async () => {
    const { repo, called } = fakeEpcisRepo({ vocabulary: async () => ['urn:a', 'urn:b', 'urn:c'] });
    const page = await listVocabulary(repo, { user, name: 'readPoints', query: { perPage: '2' } });
    expect(called('vocabulary')).toEqual([[user, 'readPoints', { limit: 3 }]]);
    expect(page).toEqual({ values: ['urn:a', 'urn:b'], next: b64('urn:b') });
  });

  it('goes on after the value its token names, 30 a page by default; the last page has no next', async () => {
    const { repo, called } = fakeEpcisRepo({ vocabulary: async () => ['urn:c'] });
    const page = await listVocabulary(repo, { user, name: 'epcs', query: { nextPageToken: b64('urn:b') } });
    expect(called('vocabulary')).toEqual([[user, 'epcs', { after: 'urn:b', limit: 31 }]]);
    expect(page).toEqual({ values: ['urn:c'], next: null });
  });

  it('refuses a page size out of 1 … 1000 (400 on perPage), reading nothing', async () => {
    const { repo, called } = fakeEpcisRepo();
    for (const perPage of ['0', '1001', '2.5', 'x']) {
      await expect(listVocabulary(repo, { user, name: 'bizSteps', query: { perPage } })).rejects.toMatchObject({
        errors: { perPage: [expect.anything()] },
      });
    }
    expect(called('vocabulary')).toEqual([]);
  });
});
