import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { captureRow, fakeEpcisRepo } from './epcis-store-fixtures.js';
import { listCaptureJobs } from './list-capture-jobs.js';

const user = testUser();

describe('list the capture jobs (use case)', () => {
  it("reads one more than a page of the company's jobs and answers a token of the page's last one", async () => {
    const { repo, called } = fakeEpcisRepo({ captures: async () => [captureRow(9), captureRow(8), captureRow(7)] });
    const page = await listCaptureJobs(repo, { user, query: { perPage: '2' }, language: 'en' });
    expect(called('captures')).toEqual([[1, { limit: 3 }]]);
    expect(page.jobs.map((j) => j.captureID)).toEqual(['9', '8']);
    expect(page.next).toBe(Buffer.from('e8').toString('base64url'));
  });

  it('goes on before the job its token names; the last page has no next', async () => {
    const { repo, called } = fakeEpcisRepo({ captures: async () => [captureRow(7)] });
    const page = await listCaptureJobs(repo, {
      user,
      query: { nextPageToken: Buffer.from('e8').toString('base64url') },
      language: 'en',
    });
    expect(called('captures')).toEqual([[1, { beforeId: 8, limit: 31 }]]);
    expect(page.next).toBeNull();
  });

  it('refuses a token it did not give (400 on nextPageToken)', async () => {
    const { repo, called } = fakeEpcisRepo();
    await expect(
      listCaptureJobs(repo, { user, query: { nextPageToken: Buffer.from('x8').toString('base64url') }, language: 'en' }),
    ).rejects.toMatchObject({ errors: { nextPageToken: ['epcis.bad_page_token'] } });
    expect(called('captures')).toEqual([]);
  });
});
